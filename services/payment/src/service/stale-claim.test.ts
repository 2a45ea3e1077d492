/**
 * A stalled fulfiller: replica A takes up a paid order and is held just before its CommitOrder
 * reaches the canvas; replica B settles the order meanwhile (no claim keeps it out), then A's commit
 * goes out. Whatever B decided, nothing changes twice: after a refund A cannot grant the pixels
 * (the canvas voided the order when it refused it: commit and void are exclusive transitions of the
 * order on the board document), after a grant A neither grants again nor refunds (every order
 * transition is a compare-and-set on the order's version). Money is conserved in both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@connectrpc/connect';
import type { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import type { BusMessage } from '@tessera/kit';
import { eventually } from '@tessera/kit/testing';
import { colourCounts, estimateOrderPrice } from '@tessera/facts/pricing';
import type { Payment } from '../setup.js';
import { startPaymentHarness, type PaymentHarness } from '../test/harness.js';

let h: PaymentHarness;
const published: BusMessage[] = [];
beforeAll(async () => {
  h = await startPaymentHarness({ deliverEvents: false });
  await h.bus.subscribe({ subjects: ['tessera.payment.>'], handler: (m) => void published.push(m) });
}, 60_000);
afterAll(() => h?.close());

const RESERVATION_MS = 30 * 60_000;
const card = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
const px = (board: number) => [0, 1, 2].map((x) => ({ x, y: board, color: '', isDefault: true }));

async function intent(userId: string, board: number) {
  const pixels = px(board);
  const { intent } = await h.client.createPaymentIntent({
    userId,
    canvasIndex: h.canvasIndex,
    boardIndex: board,
    pixels,
    claimedAmountCents: estimateOrderPrice(colourCounts(pixels)).totalCents,
    currency: 'usd',
  });
  return intent!;
}

/**
 * A paid order of `userId` on `board` that replica A has taken up and holds just before its
 * CommitOrder reaches the canvas (at a gate); `release` lets A send it, `stalled` is A's fulfil.
 */
async function stalledFulfilment(userId: string, board: number) {
  const x = await intent(userId, board);
  await h.client.confirmSandboxPayment({ userId, clientSecret: x.clientSecret, ...card });
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let held!: () => void;
  const sent = new Promise<void>((r) => (held = r));
  const a: Payment = await h.replica((canvas): Client<typeof CanvasService> => ({
    ...canvas,
    commitOrder: async (req, opts) => {
      held();
      await gate;
      return canvas.commitOrder(req, opts);
    },
  }));
  const stalled = a.core.fulfilment.fulfil(x.id);
  await sent; // A is about to send its commit
  return { x, stalled, release };
}

/** Money, ledger, events and pixel owners of one order after everything settled. */
async function settled(intentId: string, board: number) {
  const p = await h.sandbox.retrieve(intentId);
  const order = (await h.payment.core.deps.repo.get(intentId))!;
  const ledger = order.ledger ?? null; // written with the grant only
  const doc = (await h.canvasCore.deps.boards.get(h.canvasIndex, board))!;
  const events = published.filter((m) => m.msgId.endsWith(intentId)).map((m) => m.subject);
  const owners = [0, 1, 2].map((x) => doc.owners[board * 49 + x] ?? null);
  return { p, order, ledger, events, owners };
}

describe('a fulfiller paused before its commit', () => {
  it('cannot grant an order another fulfiller refunded, even when its pixels became free again', async () => {
    const board = 30;
    const { x, stalled, release } = await stalledFulfilment('buyer-x', board);

    // X's hold expires and Y reserves the same pixels
    h.advance(RESERVATION_MS + 1000);
    const y = await intent('buyer-y', board);
    // B settles: the canvas refuses X (held by Y) and X is refunded in full
    const b = await h.replica();
    const decided = await b.core.fulfilment.fulfil(x.id);
    expect(decided.order.state).toBe('refunded');
    // Y gives up: its hold ends and X's pixels are free again
    await h.canvasCore.purchases.release(y.id, h.canvasIndex, board);

    release(); // A wakes up and sends its commit
    const late = await stalled.catch((err: unknown) => err);
    console.log(`stalled fulfiller after the refund: ${late instanceof Error ? late.message : 'returned'}`);
    const r = await settled(x.id, board);
    expect(r.order.state).toBe('refunded');
    expect(r.owners, 'pixels of a refunded order').toEqual([null, null, null]);
    expect(r.ledger).toBeNull();
    expect(r.p.refundedCents).toBe(r.p.amountReceivedCents);
    await eventually(() => r.events.length > 0 || undefined);
    expect(r.events).toEqual(['tessera.payment.refunded']);
    // money conserved: nothing kept, nothing granted
    expect((r.ledger?.receivedCents ?? 0) + r.p.refundedCents).toBe(r.p.amountReceivedCents);
  });

  it('after another fulfiller granted the order, neither grants it again nor refunds it', async () => {
    const board = 31;
    const { x, stalled, release } = await stalledFulfilment('buyer-z', board);
    const b = await h.replica();
    const decided = await b.core.fulfilment.fulfil(x.id);
    expect(decided.order.state).toBe('granted');
    const version = decided.order.version;

    release();
    const late = await stalled;
    expect(late.grantedNow).toBe(false);
    const r = await settled(x.id, board);
    expect(r.order.state).toBe('granted');
    expect(r.order.version, 'the stalled fulfiller wrote nothing').toBe(version);
    expect(r.owners).toEqual(['buyer-z', 'buyer-z', 'buyer-z']);
    expect(r.p.refundedCents).toBe(0);
    expect(r.ledger?.receivedCents).toBe(r.p.amountReceivedCents);
    await eventually(() => r.events.length > 0 || undefined);
    expect(published.filter((m) => m.msgId.endsWith(x.id)).map((m) => m.subject)).toEqual([
      'tessera.payment.succeeded',
    ]);
  });
});
