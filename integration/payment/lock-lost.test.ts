/**
 * Issue 22 on the real processes (scripts/start.mjs over the built services, the sandbox provider,
 * LOCK_MINUTE_MS=3000 so a one-"minute" lock ends in 3 s): a buyer who pays after losing the board's
 * lock (released, expired, or taken by a rival who buys the pixels or does not) is refused before the
 * card is charged: the confirmation answers 409 LOCK_CONFLICT, the intent is canceled, no money is
 * received, and no pixel is granted, neither then nor after the rival's lock ends (a late save is
 * refused too). Then 200 create-payment-intent calls from one user for pixels its own open order
 * holds add no line to the sandbox provider's log of intents (`<DATA_DIR>/payment/sandbox_intents.*.log`,
 * one line per write): no provider call.
 *
 * The race the check before the charge leaves (the lock lost after the check, before the commit) is
 * arranged with the sandbox's 3-D Secure card (AUTH_CARD): the confirmation passes the check and
 * leaves the intent `requires_action`; the buyer then loses the board (released, expired, a rival
 * who buys or does not buy) and completes the authentication, which charges the card with nothing
 * re-checked, as Stripe's client-side confirmation does. The save answers 409 ORDER_REFUNDED with
 * the refund in its message and body, the order reads refunded, and no pixel is granted, then or
 * after the rival's lock ends.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, tempDir } from '@tessera/kit/testing';
import { AUTH_CARD, orderTotalCents, TEST_CARD } from '../../testing/purchase-flow.mjs';
import { orderRefundedMessage, REFUND_REASONS } from '@tessera/facts/payments';
import { startTrustStack, type TrustStack } from '../../testing/trust-stack.js';
import { json, register, type User } from '../../testing/user-flow.js';

const LOCK_LOST = 'Your editing lock is no longer valid. Please re-lock the board to continue editing.';
const tmp = tempDir('tessera-lock-lost-');
let stack: TrustStack;
let canvas = 0;
let buyer: User;
let rival: User;

beforeAll(async () => {
  stack = await startTrustStack({ dataDir: tmp.dir, env: { LOCK_MINUTE_MS: '3000' } });
  buyer = await register(stack.bffUrl, 'buyer');
  rival = await register(stack.bffUrl, 'rival');
  const active = json(await buyer.http.get('/api/canvases/active')).data as { canvas_index: number }[];
  canvas = active[0]!.canvas_index;
}, 300_000);

afterAll(async () => {
  await stack?.close();
  tmp.cleanup();
});

const post = (u: User, p: string, body: unknown) => u.http.post(p, body, u.auth);
const lock = async (u: User, board: number, minutes = 5) => {
  const r = await post(u, `/api/boards/${canvas}/${board}/lock`, { duration: minutes });
  expect(r.status, r.text).toBe(200);
};
const release = async (u: User, board: number) => {
  const r = await u.http.send({
    method: 'DELETE',
    path: `/api/boards/${canvas}/${board}/lock?explicit=true`,
    headers: u.auth,
  });
  expect(r.status, r.text).toBe(200);
};
const pixelsOf = (board: number) => [0, 1, 2].map((x) => ({ x, y: board % 49, isDefault: true }));

async function intent(u: User, board: number) {
  const pixels = pixelsOf(board);
  return post(u, '/api/payments/create-payment-intent', {
    amount: orderTotalCents(pixels),
    currency: 'usd',
    billingAddress: null,
    canvasIndex: canvas,
    boardIndex: board,
    pixels,
  });
}

const confirm = (u: User, clientSecret: string, card = TEST_CARD) =>
  post(u, '/api/payments/sandbox/confirm', { clientSecret, ...card });
const save = (u: User, board: number, id: string) =>
  post(u, `/api/pixels/canvas/${canvas}/board/${board}/batch-reset`, {
    pixels: pixelsOf(board).map(({ x, y }) => ({ x, y })),
    purchaseInfo: {
      payment_intent_id: id,
      purchase_timestamp: new Date().toISOString(),
      purchase_type: 'default',
    },
  });
const status = async (u: User, id: string) =>
  json(await u.http.get(`/api/payments/payment-intents/${id}/status`, u.auth));
const owners = async (board: number) => {
  const px = json(await buyer.http.get(`/api/pixels/canvas/${canvas}/board/${board}`)).data as {
    x: number;
    y: number;
    user_id: string | null;
  }[];
  return pixelsOf(board).map((p) => px.find((q) => q.x === p.x && q.y === p.y)?.user_id ?? null);
};

/** The buyer pays after losing the lock: refused before the charge; nothing granted. */
async function paysAfterLosingTheLock(board: number, clientSecret: string, id: string) {
  const paid = await confirm(buyer, clientSecret);
  expect(paid.status, paid.text).toBe(409);
  expect(json(paid)).toMatchObject({ success: false, error: 'LOCK_CONFLICT', message: LOCK_LOST });
  const order = await status(buyer, id);
  expect(order).toMatchObject({ status: 'canceled', orderState: 'canceled', refundedAmount: 0 });
  const late = await save(buyer, board, id);
  expect(late.status, late.text).toBe(400);
  expect(json(late).message).toMatch(/Payment verification failed/);
}

describe('paying after losing the board lock, on the real processes', () => {
  it('released, a rival locks and buys nothing: no charge; nothing granted after the rival leaves', async () => {
    const board = 30;
    await lock(buyer, board);
    const made = json(await intent(buyer, board));
    await release(buyer, board);
    await lock(rival, board);
    await paysAfterLosingTheLock(board, made.clientSecret, made.paymentIntentId);
    await release(rival, board);
    const again = await save(buyer, board, made.paymentIntentId);
    expect(again.status).toBe(400);
    expect(await owners(board)).toEqual([null, null, null]);
  });

  it('released, a rival locks and buys the pixels: the rival owns them, the buyer paid nothing', async () => {
    const board = 31;
    await lock(buyer, board);
    const made = json(await intent(buyer, board));
    await release(buyer, board);
    await lock(rival, board);
    const theirs = json(await intent(rival, board)); // the rival's newer lock frees the buyer's hold
    expect((await confirm(rival, theirs.clientSecret)).status).toBe(200);
    expect((await save(rival, board, theirs.paymentIntentId)).status).toBe(200);
    await paysAfterLosingTheLock(board, made.clientSecret, made.paymentIntentId);
    expect(await owners(board)).toEqual([rival.userId, rival.userId, rival.userId]);
  });

  it('expired (no rival): no charge, nothing granted', async () => {
    const board = 32;
    await lock(buyer, board, 1); // 3 s
    const made = json(await intent(buyer, board));
    await eventually(
      async () => {
        const r = await buyer.http.get(`/api/boards/${canvas}/${board}/status`, buyer.auth);
        return json(r).data.isLocked === false;
      },
      20_000,
      250,
    );
    await paysAfterLosingTheLock(board, made.clientSecret, made.paymentIntentId);
    expect(await owners(board)).toEqual([null, null, null]);
  });
});

/** Locked, ordered, and confirmed with the 3-D Secure card: passed the check, nothing charged yet. */
async function awaitingAuthentication(board: number, lockMinutes = 5) {
  await lock(buyer, board, lockMinutes);
  const made = json(await intent(buyer, board));
  const asked = await confirm(buyer, made.clientSecret, AUTH_CARD);
  expect(asked.status, asked.text).toBe(200);
  expect(json(asked).paymentIntent).toMatchObject({ status: 'requires_action' });
  return made as { clientSecret: string; paymentIntentId: string; amount: number };
}

/** The buyer, who lost the board meanwhile, completes the authentication: charged, then refunded. */
async function chargedThenRefunded(board: number, made: { clientSecret: string; paymentIntentId: string }) {
  const authed = await post(buyer, '/api/payments/sandbox/authenticate', { clientSecret: made.clientSecret });
  expect(authed.status, authed.text).toBe(200);
  expect(json(authed)).toMatchObject({ success: true, paymentIntent: { status: 'succeeded' } });
  const paid = (await status(buyer, made.paymentIntentId)).amount as number;
  const saved = await save(buyer, board, made.paymentIntentId);
  expect(saved.status, saved.text).toBe(409);
  expect(json(saved)).toMatchObject({
    success: false,
    error: 'ORDER_REFUNDED',
    message: orderRefundedMessage(REFUND_REASONS.boardLockLost, paid),
    orderState: 'refunded',
    refundedAmount: paid,
    refundReason: REFUND_REASONS.boardLockLost,
  });
  // the order reads refunded within a few seconds (the provider event's fulfilment may answer first)
  await eventually(
    async () => {
      const order = await status(buyer, made.paymentIntentId);
      return order.orderState === 'refunded' && order.refundedAmount === paid;
    },
    5_000,
    100,
  );
  // a late save is refused again: the refusal voided the order on the board
  expect((await save(buyer, board, made.paymentIntentId)).status).toBe(409);
}

const boardFree = (board: number) =>
  eventually(
    async () =>
      json(await buyer.http.get(`/api/boards/${canvas}/${board}/status`, buyer.auth)).data.isLocked === false,
    20_000,
    250,
  );

describe('charged after losing the board lock (3-D Secure), on the real processes: refunded', () => {
  // a rival of its own: the first one still holds a board of the tests above (one lock per user)
  let rival: User;
  beforeAll(async () => {
    rival = await register(stack.bffUrl, 'rival2');
  }, 60_000);

  it('released, no rival: the save answers the refund; nothing granted', async () => {
    const board = 40;
    const made = await awaitingAuthentication(board);
    await release(buyer, board);
    await chargedThenRefunded(board, made);
    expect(await owners(board)).toEqual([null, null, null]);
  });

  it('expired, no rival: the save answers the refund; nothing granted', async () => {
    const board = 41;
    const made = await awaitingAuthentication(board, 1); // 3 s
    await boardFree(board);
    await chargedThenRefunded(board, made);
    expect(await owners(board)).toEqual([null, null, null]);
  });

  it("a rival locks and buys nothing: refunded; nothing granted after the rival's lock ends", async () => {
    const board = 42;
    const made = await awaitingAuthentication(board);
    await release(buyer, board);
    await lock(rival, board, 2); // 6 s
    await chargedThenRefunded(board, made);
    await boardFree(board);
    await save(buyer, board, made.paymentIntentId);
    expect(await owners(board)).toEqual([null, null, null]);
  });

  it("a rival locks and buys the pixels: the rival owns them, the buyer's payment is refunded", async () => {
    const board = 43;
    const made = await awaitingAuthentication(board);
    await release(buyer, board);
    await lock(rival, board, 2); // 6 s
    const theirs = json(await intent(rival, board));
    expect((await confirm(rival, theirs.clientSecret)).status).toBe(200);
    expect((await save(rival, board, theirs.paymentIntentId)).status).toBe(200);
    await chargedThenRefunded(board, made);
    await boardFree(board);
    await save(buyer, board, made.paymentIntentId);
    expect(await owners(board)).toEqual([rival.userId, rival.userId, rival.userId]);
  });
});

describe('intents are cheap to refuse, on the real processes', () => {
  const logLines = () => {
    const dir = path.join(tmp.dir, 'payment');
    return fs
      .readdirSync(dir)
      .filter((f) => /^sandbox_intents\.\d+\.log$/.test(f))
      .reduce((n, f) => n + fs.readFileSync(path.join(dir, f), 'utf8').split('\n').filter(Boolean).length, 0);
  };

  it("200 intents for pixels the user's own open order holds add nothing to the sandbox's log", async () => {
    const board = 33;
    await lock(buyer, board);
    expect((await intent(buyer, board)).status).toBe(201);
    const before = logLines();
    expect(before).toBeGreaterThan(0);
    const answers = await Promise.all(Array.from({ length: 200 }, () => intent(buyer, board)));
    const counts = new Map<number, number>();
    for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
    // refused: 409 by the payment service's checks, or 429 by the per-user limit (with Retry-After)
    expect([...counts.keys()].sort()).toEqual([409, 429]);
    const limited = answers.find((a) => a.status === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(limited)).toMatchObject({ success: false, error: 'RATE_LIMIT_EXCEEDED' });
    expect(logLines()).toBe(before);
  });
});
