/**
 * Orders the canvas can no longer grant, and orders refused before any money moves (issue 22):
 * - a paid order whose buyer lost the board to another user is refused by the canvas, voided there
 *   and refunded in the same flow; the save answers ORDER_REFUNDED with the amount in words, and the
 *   order is never granted later (not when the rival's lock ends either);
 * - an unpaid order whose buyer lost the lock is refused at confirmation: the card is not charged;
 * - a refused order (own pixels held, no lock, too many open orders) makes no provider call at all.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INTENT_LIMITS, orderRefundedMessage, REFUND_REASONS } from '@tessera/facts/payments';
import { colourCounts, estimateOrderPrice } from '@tessera/facts/pricing';
import { OrderState } from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import { startPaymentHarness, type PaymentHarness } from '../test/harness.js';
import { failure } from '../test/refusal.js';

let h: PaymentHarness;
beforeAll(async () => {
  // no provider events: the buyer's save is the one fulfiller, so the test decides when it runs
  h = await startPaymentHarness({ deliverEvents: false });
}, 60_000);
afterAll(() => h?.close());

const card = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
const px = (board: number, from = 0, n = 3) =>
  Array.from({ length: n }, (_, i) => ({ x: from + i, y: board, color: '', isDefault: true }));

function createReq(userId: string, board: number, pixels = px(board)) {
  return {
    userId,
    canvasIndex: h.canvasIndex,
    boardIndex: board,
    pixels,
    claimedAmountCents: estimateOrderPrice(colourCounts(pixels)).totalCents,
    currency: 'usd',
  };
}

const soldOn = async (board: number) => (await h.canvasCore.deps.boards.get(h.canvasIndex, board))!.soldCount;

/** A paid order of `userId` on `board`, made and paid while `userId` held the board with `token`. */
async function paidOrder(userId: string, board: number, token: number) {
  h.locks.set(String(board), { userId, fencingToken: token });
  const { intent } = await h.client.createPaymentIntent(createReq(userId, board));
  const paid = await h.client.confirmSandboxPayment({ userId, clientSecret: intent!.clientSecret, ...card });
  expect(paid.intent?.status).toBe('succeeded');
  return intent!;
}

describe('a paid order the canvas refuses is refunded at once, and the buyer told', () => {
  it('board taken by a rival who buys nothing: refunded now, never granted after the rival leaves', async () => {
    const order = await paidOrder('buyer1', 20, 3);
    h.locks.set('20', { userId: 'rival1', fencingToken: 4 }); // lost the board after paying
    const save = await failure(h.client.commitOrder({ userId: 'buyer1', intentId: order.id }));
    expect(save).toEqual({
      app: 'ORDER_REFUNDED',
      message: orderRefundedMessage(REFUND_REASONS.boardLockLost, order.amountCents),
    });
    const { intent } = await h.client.getPaymentIntent({ userId: 'buyer1', intentId: order.id });
    expect(intent).toMatchObject({
      orderState: OrderState.REFUNDED,
      refundedCents: order.amountCents,
      refundReason: REFUND_REASONS.boardLockLost,
    });
    expect((await h.sandbox.retrieve(order.id)).refundedCents).toBe(order.amountCents);
    // the rival's lock ends: the pixels are free again, and still the refused order is not granted
    h.locks.delete('20');
    expect((await failure(h.client.commitOrder({ userId: 'buyer1', intentId: order.id }))).app).toBe(
      'ORDER_REFUNDED',
    );
    await h.payment.core.fulfilment.reconcile({ quietMs: -1 });
    expect(await soldOn(20)).toBe(0);
  });

  it('board taken by a rival who buys the pixels: the rival gets them, the buyer the refund', async () => {
    const order = await paidOrder('buyer2', 21, 3);
    const rival = await paidOrder('rival2', 21, 4);
    await h.client.commitOrder({ userId: 'rival2', intentId: rival.id });
    const save = await failure(h.client.commitOrder({ userId: 'buyer2', intentId: order.id }));
    expect(save.app).toBe('ORDER_REFUNDED');
    expect(save.message).toMatch(/has been refunded in full/);
    const { intent } = await h.client.getPaymentIntent({ userId: 'buyer2', intentId: order.id });
    expect(intent).toMatchObject({ orderState: OrderState.REFUNDED, refundedCents: order.amountCents });
    const board = (await h.canvasCore.deps.boards.get(h.canvasIndex, 21))!;
    expect(board.owners.slice(21 * 49, 21 * 49 + 3)).toEqual(['rival2', 'rival2', 'rival2']);
  });

  it('a lock lost before paying refuses the confirmation: no money is taken, the intent is canceled', async () => {
    h.locks.set('22', { userId: 'buyer3', fencingToken: 3 });
    const { intent } = await h.client.createPaymentIntent(createReq('buyer3', 22));
    h.locks.delete('22'); // released (or expired)
    const refused = await failure(
      h.client.confirmSandboxPayment({ userId: 'buyer3', clientSecret: intent!.clientSecret, ...card }),
    );
    expect(refused).toEqual({
      app: 'LOCK_CONFLICT',
      message: 'Your editing lock is no longer valid. Please re-lock the board to continue editing.',
    });
    const at = await h.sandbox.retrieve(intent!.id);
    expect([at.status, at.amountReceivedCents]).toEqual(['canceled', 0]);
    // re-locked by the same buyer (a new token): this order was made under the old lock
    h.locks.set('22', { userId: 'buyer3', fencingToken: 5 });
    const again = await failure(
      h.client.confirmSandboxPayment({ userId: 'buyer3', clientSecret: intent!.clientSecret, ...card }),
    );
    expect(again.app).not.toBe(null);
    expect((await h.sandbox.retrieve(intent!.id)).amountReceivedCents).toBe(0);
    expect(await soldOn(22)).toBe(0);
  });
});

describe("the check before the charge asks for the order's own lock", () => {
  it('the buyer re-locked the board (a new token) before paying: refused, no money taken', async () => {
    h.locks.set('25', { userId: 'buyer4', fencingToken: 3 });
    const { intent } = await h.client.createPaymentIntent(createReq('buyer4', 25));
    // released and locked again: the same user holds the board, under a lock this order was not made under
    h.locks.set('25', { userId: 'buyer4', fencingToken: 6 });
    const refused = await failure(
      h.client.confirmSandboxPayment({ userId: 'buyer4', clientSecret: intent!.clientSecret, ...card }),
    );
    expect(refused.app).toBe('LOCK_CONFLICT');
    const at = await h.sandbox.retrieve(intent!.id);
    expect([at.status, at.amountReceivedCents]).toEqual(['canceled', 0]);
    expect(await soldOn(25)).toBe(0);
  });

  it("the buyer still holds the order's lock: charged", async () => {
    h.locks.set('26', { userId: 'buyer5', fencingToken: 7 });
    const { intent } = await h.client.createPaymentIntent(createReq('buyer5', 26));
    const paid = await h.client.confirmSandboxPayment({
      userId: 'buyer5',
      clientSecret: intent!.clientSecret,
      ...card,
    });
    expect(paid.intent?.status).toBe('succeeded');
    expect((await h.sandbox.retrieve(intent!.id)).amountReceivedCents).toBe(intent!.amountCents);
  });
});

describe('intents are cheap to refuse', () => {
  it('200 refused intents from one user make no provider call', async () => {
    h.locks.set('23', { userId: 'spammer', fencingToken: 3 });
    await h.client.createPaymentIntent(createReq('spammer', 23)); // the pending order holding the pixels
    const calls = ['createIntent', 'cancel', 'calculateTax', 'retrieve', 'updateAmount', 'refund'].map((m) =>
      vi.spyOn(h.sandbox, m as 'createIntent'),
    );
    const intents = await h.store.collection('sandbox_intents');
    const before = await intents.countDocuments({});
    const refusals = await Promise.all(
      Array.from({ length: 200 }, () => failure(h.client.createPaymentIntent(createReq('spammer', 23)))),
    );
    expect(new Set(refusals.map((r) => r.app))).toEqual(new Set(['CONFLICT']));
    // without the lock: refused as well, before the provider
    h.locks.delete('23');
    expect((await failure(h.client.createPaymentIntent(createReq('spammer', 23, px(23, 10))))).app).toBe(
      'LOCK_CONFLICT',
    );
    expect(calls.map((c) => c.mock.calls.length)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await intents.countDocuments({})).toBe(before);
    for (const c of calls) c.mockRestore();
  });

  it('refuses a new order while the user has too many open ones, before the provider', async () => {
    h.locks.set('24', { userId: 'hoarder', fencingToken: 3 });
    for (let i = 0; i < INTENT_LIMITS.maxOpen; i++)
      await h.client.createPaymentIntent(createReq('hoarder', 24, px(24, i * 2, 1)));
    const create = vi.spyOn(h.sandbox, 'createIntent');
    const refused = await failure(h.client.createPaymentIntent(createReq('hoarder', 24, px(24, 40, 1))));
    expect(refused.app).toBe('TOO_MANY_REQUESTS');
    expect(create).not.toHaveBeenCalled();
    create.mockRestore();
  });
});
