/**
 * ListOrdersForUser (My pixels): a buyer's paid orders only (granted and refunded, never an unpaid
 * or someone else's), newest first, a page at a time, with the amounts and the refund.
 */
import { describe, expect, it } from 'vitest';
import { forSuite } from '@tessera/kit/testing';
import { REFUND_REASONS } from '@tessera/facts/payments';
import { colourCounts, estimateOrderPrice } from '@tessera/facts/pricing';
import { startPaymentHarness } from '../test/harness.js';
import { failure } from '../test/refusal.js';

// no provider events: the buyer's save is the one fulfiller, so the test decides when it runs
const h = forSuite(() => startPaymentHarness({ deliverEvents: false }));

const card = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

async function order(
  userId: string,
  board: number,
  opts: { pay?: boolean; save?: boolean; custom?: number } = {},
) {
  const pixels = Array.from({ length: 3 }, (_, i) => ({
    x: i,
    y: 7,
    color: i < (opts.custom ?? 0) ? '#12AB34' : '',
    isDefault: i >= (opts.custom ?? 0),
  }));
  h.locks.set(String(board), { userId, fencingToken: board });
  const { intent } = await h.client.createPaymentIntent({
    userId,
    canvasIndex: h.canvasIndex,
    boardIndex: board,
    pixels,
    claimedAmountCents: estimateOrderPrice(colourCounts(pixels)).totalCents,
    currency: 'usd',
  });
  if (opts.pay !== false)
    await h.client.confirmSandboxPayment({ userId, clientSecret: intent!.clientSecret, ...card });
  if (opts.save !== false && opts.pay !== false) await h.client.commitOrder({ userId, intentId: intent!.id });
  h.advance(1000);
  return intent!;
}

describe('ListOrdersForUser', () => {
  it("lists only the caller's paid orders, newest first, paged, with amounts and refunds", async () => {
    const first = await order('alice', 40, { custom: 1 });
    await order('bob', 41); // someone else's
    await order('alice', 42, { pay: false }); // unpaid: not a purchase
    const second = await order('alice', 43);
    // paid, then the board is lost before the save: refunded in full
    const lost = await order('alice', 44, { save: false });
    h.locks.set('44', { userId: 'rival', fencingToken: 99 });
    expect((await failure(h.client.commitOrder({ userId: 'alice', intentId: lost.id }))).app).toBe(
      'ORDER_REFUNDED',
    );

    const p1 = await h.client.listOrdersForUser({ userId: 'alice', page: 1, limit: 2 });
    expect(p1.orders.map((o) => o.id)).toEqual([lost.id, second.id]);
    expect(p1).toMatchObject({
      currentPage: 1,
      totalPages: 2,
      totalCount: 3,
      hasNext: true,
      hasPrevious: false,
    });
    expect(p1.orders[0]).toMatchObject({
      status: 'refunded',
      refundedCents: lost.amountCents,
      refundReason: REFUND_REASONS.boardLockLost,
      totalCents: lost.amountCents,
      paidAtMs: 0,
    });
    const p2 = await h.client.listOrdersForUser({ userId: 'alice', page: 2, limit: 2 });
    expect(p2.orders.map((o) => o.id)).toEqual([first.id]);
    expect(p2).toMatchObject({ hasNext: false, hasPrevious: true });
    const b = first.breakdown!;
    expect(p2.orders[0]).toMatchObject({
      canvasIndex: h.canvasIndex,
      boardIndex: 40,
      subtotalCents: 400, // one custom (200) + two in the artist's colour (100 each)
      serviceFeeCents: b.serviceFeeCents,
      taxCents: b.taxAmountCents,
      totalCents: first.amountCents,
      currency: 'usd',
      createdAtMs: first.createdAtMs,
      status: 'paid',
      refundedCents: 0,
      refundReason: '',
    });
    expect(p2.orders[0]!.paidAtMs).toBeGreaterThan(0);
    expect(p2.orders[0]!.pixels.map((p) => [p.x, p.y, p.isDefault])).toEqual([
      [0, 7, false],
      [1, 7, true],
      [2, 7, true],
    ]);
    expect(p2.orders[0]!.pixels[0]!.color).toBe('#12AB34');

    const bob = await h.client.listOrdersForUser({ userId: 'bob', page: 0, limit: 0 });
    expect(bob.orders.map((o) => o.boardIndex)).toEqual([41]);
    expect(bob).toMatchObject({ currentPage: 1, totalCount: 1 });
    const nobody = await h.client.listOrdersForUser({ userId: 'carol' });
    expect(nobody).toMatchObject({ orders: [], totalCount: 0, totalPages: 0, hasNext: false });
  });

  it('refuses a bad page, page size or caller with the field', async () => {
    expect(await failure(h.client.listOrdersForUser({ userId: 'alice', page: -1 }))).toMatchObject({
      app: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^page must be/),
    });
    expect((await failure(h.client.listOrdersForUser({ userId: 'alice', limit: 51 }))).message).toMatch(
      /^limit must be an integer from 1 to 50/,
    );
    expect((await failure(h.client.listOrdersForUser({ userId: '' }))).app).toBe('UNAUTHORIZED');
  });
});
