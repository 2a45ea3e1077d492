// One purchase through the BFF as the web app makes it on the sandbox provider, for the benchmarks,
// the integration tests and the browser tests of the whole stack: the board lock (unless the buyer
// holds it already), the payment intent for the server's price of the order (@tessera/facts/pricing),
// the test card 4242, then the saves: pixels in the artist's colours through batch-reset, pixels in
// the buyer's own colours through batch-update, each with the intent's purchaseInfo. The k6 scripts
// keep their own (k6/lib/purchase.js): k6 cannot import this module's packages. Types: purchase-flow.d.mts.
import { priceOrder } from '@tessera/facts/pricing';

/** The sandbox provider's card that pays (spec section 9, test cards). */
export const TEST_CARD = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

/**
 * The sandbox's 3-D Secure card (Stripe's 4000 0027 6000 3184): the confirmation leaves the intent
 * `requires_action`; POST /api/payments/sandbox/authenticate completes it and charges the card.
 */
export const AUTH_CARD = { ...TEST_CARD, cardNumber: '4000002760003184' };

/**
 * The server's price in cents of an order of `pixels`: those with a `color` are custom colours, the
 * others the artist's (estimated tax: no billing address).
 * @param {readonly import('./purchase-flow.d.mts').OrderPixel[]} pixels
 * @returns {number}
 */
export function orderTotalCents(pixels) {
  const custom = pixels.filter((p) => p.color !== undefined).length;
  return priceOrder(pixels.length - custom, custom).totalCents;
}

/**
 * Buys `pixels` of board `board` of canvas `canvas` through `api` (a signed-in user's POST with its
 * bearer token, CSRF token and cookies). `lockMinutes` (default 5) locks the board first; null: the
 * buyer holds its lock already. Throws, naming the step and the answer, when a step fails.
 * @param {import('./purchase-flow.d.mts').SignedInApi} api
 * @param {{ canvas: number; board: number; pixels: import('./purchase-flow.d.mts').OrderPixel[]; lockMinutes?: number | null }} order
 * @returns {Promise<{ paymentIntentId: string; totalCents: number }>}
 */
export async function buyPixels(api, { canvas, board, pixels, lockMinutes = 5 }) {
  /** @param {string} step @param {string} path @param {unknown} body @param {(r: { status: number; json: any }) => boolean} ok */
  const post = async (step, path, body, ok) => {
    const r = await api.post(path, body);
    if (!ok(r)) throw new Error(`${step}: ${r.status} ${JSON.stringify(r.json)?.slice(0, 300)}`);
    return r.json;
  };
  if (lockMinutes !== null)
    await post(
      'lock',
      `/api/boards/${canvas}/${board}/lock`,
      { duration: lockMinutes },
      (r) => r.status === 200,
    );
  const totalCents = orderTotalCents(pixels);
  const intent = await post(
    'intent',
    '/api/payments/create-payment-intent',
    {
      amount: totalCents,
      currency: 'usd',
      billingAddress: null,
      canvasIndex: canvas,
      boardIndex: board,
      pixels: pixels.map(({ x, y, color }) =>
        color ? { x, y, color, isDefault: false } : { x, y, isDefault: true },
      ),
    },
    (r) => r.status === 201,
  );
  await post(
    'confirm',
    '/api/payments/sandbox/confirm',
    { clientSecret: intent.clientSecret, ...TEST_CARD },
    (r) => r.status === 200 && r.json?.success === true,
  );
  const purchaseInfo = (/** @type {'default' | 'custom'} */ type) => ({
    payment_intent_id: intent.paymentIntentId,
    purchase_timestamp: new Date().toISOString(),
    purchase_type: type,
  });
  const artist = pixels.filter((p) => !p.color).map(({ x, y }) => ({ x, y }));
  const custom = pixels.filter((p) => p.color);
  /** @param {string} kind @param {unknown[]} list @param {'default' | 'custom'} type */
  const save = (kind, list, type) =>
    post(
      `save (${kind})`,
      `/api/pixels/canvas/${canvas}/board/${board}/${kind}`,
      { pixels: list, purchaseInfo: purchaseInfo(type) },
      (r) => r.status === 200 && r.json?.success === true && r.json?.count === list.length,
    );
  if (artist.length > 0) await save('batch-reset', artist, 'default');
  if (custom.length > 0) await save('batch-update', custom, 'custom');
  return { paymentIntentId: intent.paymentIntentId, totalCents };
}
