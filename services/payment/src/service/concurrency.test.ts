/**
 * 100 concurrent buyers on overlapping pixels of one board, in two waves (the second after the first
 * wave's reservations expired, so paid orders can collide): no pixel is sold twice, every paid order
 * ends granted or refunded in full, money is conserved, and every buyer refused at reservation never
 * paid (the intent was canceled before any card could be used).
 */
import { describe, expect, it } from 'vitest';
import { ConnectError } from '@connectrpc/connect';
import { ERROR_CODE_HEADER } from '@tessera/kit';
import { forSuite } from '@tessera/kit/testing';
import { colourCounts, estimateOrderPrice } from '@tessera/facts/pricing';
import { startPaymentHarness } from '../test/harness.js';

const h = forSuite(startPaymentHarness);

const BOARD = 300;
/** Buyer i wants 3 pixels of row i mod 4 starting at (3i) mod 20: neighbours overlap. */
const pixelsOf = (i: number) =>
  Array.from({ length: 3 }, (_, k) => ({
    x: ((i * 3) % 20) + k,
    y: i % 4,
    color: '#0000FF',
    isDefault: i % 2 === 0,
  }));

type Outcome = { i: number; intentId?: string; secret?: string; refusal?: string };

async function wave(from: number, to: number): Promise<Outcome[]> {
  return Promise.all(
    Array.from({ length: to - from }, async (_, k): Promise<Outcome> => {
      const i = from + k;
      const px = pixelsOf(i);
      try {
        const { intent } = await h.client.createPaymentIntent({
          userId: `buyer-${i}`,
          canvasIndex: h.canvasIndex,
          boardIndex: BOARD,
          pixels: px,
          claimedAmountCents: estimateOrderPrice(colourCounts(px)).totalCents,
          currency: 'usd',
        });
        return { i, intentId: intent!.id, secret: intent!.clientSecret };
      } catch (err) {
        return { i, refusal: ConnectError.from(err).metadata.get(ERROR_CODE_HEADER) ?? 'unknown' };
      }
    }),
  );
}

describe('100 concurrent buyers on overlapping pixels', () => {
  it('sells no pixel twice; losers are refunded or refused before paying', async () => {
    const first = await wave(0, 50);
    h.advance(2 * 3600_000); // the first wave's reservations expire before it pays
    const second = await wave(50, 100);
    const all = [...first, ...second];
    const created = all.filter((o) => o.intentId);
    const refused = all.filter((o) => o.refusal);
    expect(created.length).toBeGreaterThan(1);
    expect(refused.length).toBeGreaterThan(0);
    for (const o of refused) expect(['CONFLICT', 'PIXEL_ALREADY_SOLD']).toContain(o.refusal);

    // every created order pays, then saves, all at once (the sandbox's success events race the saves)
    await Promise.all(
      created.map(async (o) => {
        await h.client.confirmSandboxPayment({
          userId: `buyer-${o.i}`,
          clientSecret: o.secret!,
          cardNumber: '4242424242424242',
          expMonth: 1,
          expYear: 2099,
          cvc: '999',
        });
        await h.client
          .commitOrder({ userId: `buyer-${o.i}`, intentId: o.intentId! })
          .catch((err: unknown) => {
            const code = ConnectError.from(err).metadata.get(ERROR_CODE_HEADER);
            if (code !== 'ORDER_REFUNDED' && code !== 'SERVICE_UNAVAILABLE') throw err;
          });
      }),
    );
    h.advance(120_000);
    await h.payment.core.fulfilment.reconcile();

    const repo = h.payment.core.deps.repo;
    const owners = new Map<string, string>();
    let received = 0;
    let refunded = 0;
    let granted = 0;
    let refundedOrders = 0;
    for (const o of created) {
      const order = (await repo.get(o.intentId!))!;
      const p = await h.sandbox.retrieve(o.intentId!);
      received += p.amountReceivedCents;
      refunded += p.refundedCents;
      expect(['granted', 'refunded']).toContain(order.state);
      if (order.state === 'granted') {
        granted += order.ledger!.receivedCents; // the entry written with the grant
        for (const px of order.pixels) {
          const key = `${px.x},${px.y}`;
          expect(owners.has(key), `pixel ${key} sold twice`).toBe(false);
          owners.set(key, order.userId);
        }
      } else {
        refundedOrders++;
        expect(p.refundedCents).toBe(p.amountReceivedCents);
      }
    }
    expect(refundedOrders).toBeGreaterThan(0);
    expect(granted + refunded).toBe(received);
    // refused buyers never paid: their intents were canceled before a card could be used
    const intents = await h.store.collection<{
      _id: string;
      status: string;
      metadata: Record<string, string>;
    }>('sandbox_intents');
    for (const o of refused) {
      const theirs = await intents.find({ 'metadata.user_id': `buyer-${o.i}` });
      expect(theirs.length).toBe(1);
      expect(theirs[0]!.status).toBe('canceled');
    }
    const board = (await h.canvasCore.deps.boards.get(h.canvasIndex, BOARD))!;
    board.owners.forEach((owner, off) => {
      expect(owner).toBe(owners.get(`${off % 49},${Math.floor(off / 49)}`) ?? null);
    });
    expect(board.soldCount).toBe(owners.size);
  }, 120_000);
});
