// The purchase path as the web app takes it on the sandbox provider (bff/README.md, "Payment API"):
// create the payment intent (the server prices and reserves), confirm it with a test card, save the
// pixels with purchaseInfo. The three calls of one purchase share one trace (traceparent).
import http from 'k6/http';
// the server's price, from @tessera/facts as k6/lib/grid.js takes the grid: k6 runs plain files, so
// the package's build output (`npm run build` writes services/facts/dist)
import { priceOrder } from '../../../services/facts/dist/pricing.js';
import { BASE_URL, jsonValue, newTrace, params } from './api.js';

const CARD = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };

/**
 * Takes a board lock for the session (30 minutes).
 * @param {import('./api.js').Session} s
 * @param {number} canvas
 * @param {number} board
 * @returns {'ok' | 'taken' | 'failed'}
 */
export function lockBoard(s, canvas, board) {
  const res = http.post(`${BASE_URL}/api/boards/${canvas}/${board}/lock`, JSON.stringify({ duration: 30 }), {
    ...params('lock', 'POST /api/boards/{canvas}/{board}/lock', s.writeHeaders()),
    responseCallback: http.expectedStatuses({ min: 200, max: 299 }, 409),
  });
  if (res.status === 200) return 'ok';
  return res.status === 409 ? 'taken' : 'failed';
}

/**
 * One purchase of custom-colour pixels on a board the session holds.
 * @param {import('./api.js').Session} s
 * @param {number} canvas
 * @param {number} board
 * @param {{ x: number, y: number, color: string }[]} pixels
 * @returns {{ outcome: 'saved' | 'sold' | 'lock' | 'failed', ms: number, step?: string }}
 *   `sold`: a pixel was sold already (refused before paying), `lock`: the lock was lost
 */
export function buyPixels(s, canvas, board, pixels) {
  const trace = newTrace();
  const intent = http.post(
    `${BASE_URL}/api/payments/create-payment-intent`,
    JSON.stringify({
      amount: priceOrder(0, pixels.length).totalCents,
      currency: 'usd',
      billingAddress: null,
      metadata: {},
      description: `k6 order of ${pixels.length}`,
      canvasIndex: canvas,
      boardIndex: board,
      pixels: pixels.map((p) => ({ ...p, isDefault: false })),
    }),
    {
      ...params('intent', 'POST /api/payments/create-payment-intent', s.writeHeaders(), trace),
      responseCallback: http.expectedStatuses(201, 409),
    },
  );
  if (intent.status === 409) {
    const code = jsonValue(intent, 'error');
    return { outcome: code === 'LOCK_CONFLICT' ? 'lock' : 'sold', ms: intent.timings.duration };
  }
  const clientSecret = jsonValue(intent, 'clientSecret');
  const intentId = jsonValue(intent, 'paymentIntentId');
  if (intent.status !== 201 || typeof clientSecret !== 'string' || typeof intentId !== 'string')
    return { outcome: 'failed', ms: intent.timings.duration, step: 'intent' };

  const paid = http.post(
    `${BASE_URL}/api/payments/sandbox/confirm`,
    JSON.stringify({ clientSecret, ...CARD }),
    params('confirm', 'POST /api/payments/sandbox/confirm', s.writeHeaders(), trace),
  );
  const ms = intent.timings.duration + paid.timings.duration;
  if (paid.status !== 200 || jsonValue(paid, 'success') !== true)
    return { outcome: 'failed', ms, step: 'confirm' };

  const saved = http.post(
    `${BASE_URL}/api/pixels/canvas/${canvas}/board/${board}/batch-update`,
    JSON.stringify({
      pixels,
      purchaseInfo: {
        payment_intent_id: intentId,
        purchase_timestamp: new Date().toISOString(),
        purchase_type: 'custom',
      },
    }),
    params('save', 'POST /api/pixels/canvas/{canvas}/board/{board}/batch-update', s.writeHeaders(), trace),
  );
  const total = ms + saved.timings.duration;
  if (saved.status !== 200 || jsonValue(saved, 'count') !== pixels.length)
    return { outcome: 'failed', ms: total, step: 'save' };
  return { outcome: 'saved', ms: total };
}
