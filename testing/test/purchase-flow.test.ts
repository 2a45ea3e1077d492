// testing/purchase-flow.mjs: the order's price is the server's (@tessera/facts/pricing), the steps go out
// in the web app's order with the right bodies, and a refused step stops the purchase, named. Against
// a scripted BFF (the SignedInApi port); the real BFF is exercised by the integration and browser
// tests that buy through it (integration/iteration/hand-over.test.ts, e2e/canvas-switch-stack.e2e.ts).
import { describe, expect, it } from 'vitest';
import { priceOrder } from '@tessera/facts/pricing';
import { buyPixels, orderTotalCents, TEST_CARD } from '../purchase-flow.mjs';

type Answer = { status: number; json: unknown };

/** A scripted BFF: records each POST and answers it as the sandbox flow does, unless `override` says otherwise. */
function scriptedApi(
  override: (path: string, body: Record<string, unknown>) => Answer | undefined = () => undefined,
) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const api = {
    post: async (path: string, body: unknown) => {
      const b = body as Record<string, unknown>;
      calls.push({ path, body: b });
      const o = override(path, b);
      if (o) return o;
      if (path.endsWith('/lock')) return { status: 200, json: { success: true } };
      if (path.endsWith('create-payment-intent'))
        return { status: 201, json: { clientSecret: 'pi_1_secret', paymentIntentId: 'pi_1' } };
      if (path.endsWith('sandbox/confirm')) return { status: 200, json: { success: true } };
      return { status: 200, json: { success: true, count: (b.pixels as unknown[]).length } };
    },
  };
  return { api, calls };
}

const MIXED = [
  { x: 1, y: 1 },
  { x: 2, y: 1 },
  { x: 3, y: 1, color: '#00AA00' },
];

describe('orderTotalCents', () => {
  it("is the server's price: artist colours without a colour, custom colours with one", () => {
    expect(orderTotalCents(MIXED)).toBe(priceOrder(2, 1).totalCents);
    expect(orderTotalCents(MIXED)).toBe(474); // 400 + fee 42 + tax 32
    expect(orderTotalCents([{ x: 0, y: 0 }])).toBe(141); // 100 + fee 33 + tax 8
    for (const n of [1, 7, 500, 2401])
      expect(
        orderTotalCents(Array.from({ length: n }, (_, i) => ({ x: i % 49, y: 0, color: '#123456' }))),
      ).toBe(priceOrder(0, n).totalCents);
  });
});

describe('buyPixels', () => {
  it('locks, asks for an intent at the price, pays with 4242, then saves each kind with purchaseInfo', async () => {
    const { api, calls } = scriptedApi();
    const bought = await buyPixels(api, { canvas: 3, board: 20, pixels: MIXED });
    expect(bought).toEqual({ paymentIntentId: 'pi_1', totalCents: 474 });
    expect(calls.map((c) => c.path)).toEqual([
      '/api/boards/3/20/lock',
      '/api/payments/create-payment-intent',
      '/api/payments/sandbox/confirm',
      '/api/pixels/canvas/3/board/20/batch-reset',
      '/api/pixels/canvas/3/board/20/batch-update',
    ]);
    expect(calls[0]!.body).toEqual({ duration: 5 });
    expect(calls[1]!.body).toMatchObject({
      amount: 474,
      currency: 'usd',
      canvasIndex: 3,
      boardIndex: 20,
      pixels: [
        { x: 1, y: 1, isDefault: true },
        { x: 2, y: 1, isDefault: true },
        { x: 3, y: 1, color: '#00AA00', isDefault: false },
      ],
    });
    expect(calls[2]!.body).toEqual({ clientSecret: 'pi_1_secret', ...TEST_CARD });
    expect(calls[3]!.body).toMatchObject({
      pixels: [
        { x: 1, y: 1 },
        { x: 2, y: 1 },
      ],
      purchaseInfo: { payment_intent_id: 'pi_1', purchase_type: 'default' },
    });
    expect(calls[4]!.body).toMatchObject({
      pixels: [{ x: 3, y: 1, color: '#00AA00' }],
      purchaseInfo: { payment_intent_id: 'pi_1', purchase_type: 'custom' },
    });
  });

  it('takes no lock when the buyer holds it (lockMinutes null), and saves only the kinds it has', async () => {
    const { api, calls } = scriptedApi();
    await buyPixels(api, {
      canvas: 1,
      board: 7,
      pixels: [{ x: 0, y: 0, color: '#ABCDEF' }],
      lockMinutes: null,
    });
    expect(calls.map((c) => c.path)).toEqual([
      '/api/payments/create-payment-intent',
      '/api/payments/sandbox/confirm',
      '/api/pixels/canvas/1/board/7/batch-update',
    ]);
  });

  it('stops at a refused step and names it with the answer', async () => {
    const refused = scriptedApi((path) =>
      path.endsWith('create-payment-intent') ? { status: 409, json: { error: 'LOCK_CONFLICT' } } : undefined,
    );
    await expect(buyPixels(refused.api, { canvas: 1, board: 7, pixels: MIXED })).rejects.toThrow(
      /^intent: 409 .*LOCK_CONFLICT/,
    );
    expect(refused.calls).toHaveLength(2);

    const declined = scriptedApi((path) =>
      path.endsWith('sandbox/confirm') ? { status: 200, json: { success: false } } : undefined,
    );
    await expect(buyPixels(declined.api, { canvas: 1, board: 7, pixels: MIXED })).rejects.toThrow(
      /^confirm: 200/,
    );
    expect(declined.calls).toHaveLength(3);

    const short = scriptedApi((path) =>
      path.endsWith('batch-reset') ? { status: 200, json: { success: true, count: 1 } } : undefined,
    );
    await expect(buyPixels(short.api, { canvas: 1, board: 7, pixels: MIXED })).rejects.toThrow(
      /^save \(batch-reset\): 200/,
    );
  });
});
