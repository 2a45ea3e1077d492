/**
 * `GET /api/account/orders` (My pixels) through the BFF and the real payment service: a signed-in
 * buyer gets their own paid orders with amounts, pixels and pagination; another user never sees
 * them (not even by asking for a page of them); signed out is 401 with the spec's error body; a bad
 * page is 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colourCounts, estimateOrderPrice } from '@tessera/facts/pricing';
import { AccountOrdersResponse, type AccountOrder } from '@tessera/api/account';
import { startPaymentStack, type PaymentStack } from './stack.js';
import { expectSpecError } from '../bad-input/spec-error.js';

let s: PaymentStack;
beforeAll(async () => {
  s = await startPaymentStack();
}, 60_000);
afterAll(() => s?.close());

const card = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

/** A paid and saved order of `userId` on `board` (through the payment service, as the BFF's calls make it). */
async function bought(userId: string, board: number) {
  const pixels = [
    { x: 4, y: 4, color: '', isDefault: true },
    { x: 5, y: 4, color: '#00AA00', isDefault: false },
  ];
  const { intent } = await s.h.client.createPaymentIntent({
    userId,
    canvasIndex: s.h.canvasIndex,
    boardIndex: board,
    pixels,
    claimedAmountCents: estimateOrderPrice(colourCounts(pixels)).totalCents,
    currency: 'usd',
  });
  await s.h.client.confirmSandboxPayment({ userId, clientSecret: intent!.clientSecret, ...card });
  await s.h.client.commitOrder({ userId, intentId: intent!.id });
  s.h.advance(1000);
  return intent!;
}

describe('GET /api/account/orders', () => {
  it("answers the signed-in buyer's own orders, never another user's", async () => {
    const a1 = await bought('buyer-a', 60);
    const b1 = await bought('buyer-b', 61);
    const a2 = await bought('buyer-a', 62);
    const a = await s.browser('buyer-a');
    const res = await a.http.get('/api/account/orders?page=1&limit=10', a.auth);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // parse keeps only the contract's fields: equal means no field missing, renamed or added
    expect(AccountOrdersResponse.parse(res.json)).toEqual(res.json);
    const body = AccountOrdersResponse.parse(res.json);
    expect(body.success).toBe(true);
    expect(body.data.map((o) => o.id)).toEqual([a2.id, a1.id]);
    expect(body.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalCount: 2,
      hasNext: false,
      hasPrevious: false,
    });
    expect(body.data[1]).toMatchObject({
      canvasIndex: s.h.canvasIndex,
      boardIndex: 60,
      pixelCount: 2,
      subtotalCents: 300,
      totalCents: a1.amountCents,
      status: 'paid',
      refundedCents: 0,
      pixels: [
        { x: 4, y: 4, isDefault: true },
        { x: 5, y: 4, color: '#00AA00', isDefault: false },
      ],
    });
    expect(Date.parse(body.data[1]!.createdAt)).toBe(a1.createdAtMs);
    expect(body.data[1]!.paidAt).not.toBeNull();

    const b = await s.browser('buyer-b');
    const theirs = (await b.http.get('/api/account/orders', b.auth)).json as { data: AccountOrder[] };
    expect(theirs.data.map((o) => o.id)).toEqual([b1.id]);
    // a user id in the query is not read: the session decides whose orders these are
    const sneaky = (await b.http.get('/api/account/orders?userId=buyer-a&user_id=buyer-a', b.auth)).json as {
      data: AccountOrder[];
    };
    expect(sneaky.data.map((o) => o.id)).toEqual([b1.id]);
    const paged = (await a.http.get('/api/account/orders?page=2&limit=1', a.auth)).json as {
      data: AccountOrder[];
      pagination: { hasPrevious: boolean; hasNext: boolean };
    };
    expect(paged.data.map((o) => o.id)).toEqual([a1.id]);
    expect(paged.pagination).toMatchObject({ hasPrevious: true, hasNext: false });
  });

  it('is 401 signed out and 400 for a bad page, with the spec error body', async () => {
    const a = await s.browser('buyer-a');
    expectSpecError(await a.http.get('/api/account/orders'), 'signed out', {
      status: 401,
      code: 'UNAUTHORIZED',
    });
    const bad = [
      'page=0',
      'page=-1',
      'page=abc',
      'page=1e3',
      'page=100001',
      'limit=0',
      'limit=51',
      'page=1&page=2',
    ];
    for (const q of bad) {
      const res = await a.http.get(`/api/account/orders?${q}`, a.auth);
      expectSpecError(res, q, { status: 400 });
      expect((res.json as { field: string }).field, q).toBe(q.startsWith('limit') ? 'limit' : 'page');
    }
  });
});
