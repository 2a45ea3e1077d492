/**
 * Bad input on the payment and purchase routes, through the BFF to the real payment service
 * (sandbox) and canvas service: malformed and wrongly shaped bodies, bad values of every field,
 * bad ids in paths, missing tokens, forged webhooks. Every refusal is a 4xx with the spec's error
 * body; afterwards every process answers, no pixel was sold and no money moved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BAD_INDEXES,
  bodyRequest,
  fieldCases,
  malformedBodies,
  wrongShapes,
  type BodyCase,
} from './cases.js';
import type { Got, RawBrowser } from '../../testing/raw-http.js';
import { expectSpecError } from './spec-error.js';
import { startPaymentStack, type PaymentStack } from '../payment/stack.js';

/** The spec's lowercase address-update codes (section 8) next to the upper-case ones. */
const ADDRESS_CODES = new Set([
  'payment_intent_not_found',
  'unauthorized_payment_intent_access',
  'invalid_billing_address',
  'tax_calculation_failed',
  'concurrent_update_detected',
  'invalid_payment_intent_state',
]);

function expectError(res: Got, what: string, want: { status?: number; code?: string } = {}): void {
  const body = res.json as Record<string, unknown> | undefined;
  if (body && typeof body.error === 'string' && ADDRESS_CODES.has(body.error)) {
    const where = `${what} -> ${res.status} ${res.text.slice(0, 200)}`;
    expect(res.status, where).toBeGreaterThanOrEqual(400);
    expect(res.status, where).toBeLessThan(500);
    expect(body, where).toMatchObject({ success: false, statusCode: res.status });
    if (want.code) expect(body.error, where).toBe(want.code);
    return;
  }
  expectSpecError(res, what, want);
}

let s: PaymentStack;
let http: RawBrowser;
let auth: Record<string, string>;
let intentId = '';
let secret = '';
const BOARD = 30;
beforeAll(async () => {
  s = await startPaymentStack();
  ({ http, auth } = await s.browser('victim'));
  // one real unpaid order to aim at
  const res = await http.post(
    '/api/payments/create-payment-intent',
    {
      amount: 141,
      currency: 'usd',
      canvasIndex: s.h.canvasIndex,
      boardIndex: BOARD,
      pixels: [{ x: 0, y: 0, isDefault: true }],
    },
    auth,
  );
  expect(res.status).toBe(201);
  intentId = (res.json as { paymentIntentId: string }).paymentIntentId;
  secret = (res.json as { clientSecret: string }).clientSecret;
}, 60_000);
afterAll(() => s?.close());

async function barrage(method: string, path: string, cases: BodyCase[], headers = auth) {
  for (const c of cases) {
    const res = await http.send({
      ...bodyRequest(method, path, c),
      headers: { ...headers, ...c.headers },
    });
    expectError(res, `${method} ${path} ${c.name}`, c.want);
  }
}

const createBody = () => ({
  amount: 141,
  currency: 'usd',
  canvasIndex: s.h.canvasIndex,
  boardIndex: BOARD + 1,
  pixels: [{ x: 0, y: 0, isDefault: true }],
});

describe('payment routes refuse bad input', () => {
  it('needs a signed-in caller', async () => {
    for (const [method, path] of [
      ['POST', '/api/payments/create-payment-intent'],
      ['PATCH', `/api/payments/intent/${intentId}/address`],
      ['GET', `/api/payments/payment-intents/${intentId}/status`],
      ['POST', '/api/payments/sandbox/confirm'],
      ['POST', '/api/payment-intents'],
      ['POST', '/api/pixel-purchases'],
      ['POST', `/api/pixels/canvas/${s.h.canvasIndex}/board/${BOARD}/batch-update`],
    ] as const) {
      const res = await http.send({ method, path, body: method === 'GET' ? undefined : {} });
      expectError(res, `${method} ${path}`, { status: 401 });
    }
  });

  it('create-payment-intent: malformed, wrongly shaped and bad fields', async () => {
    const path = '/api/payments/create-payment-intent';
    await barrage('POST', path, malformedBodies(createBody()));
    await barrage('POST', path, wrongShapes(createBody()));
    const onlyAmountAndPixels = () => {
      const b = createBody();
      return { amount: b.amount, pixels: b.pixels };
    };
    await barrage(
      'POST',
      path,
      fieldCases(onlyAmountAndPixels).map((c) => ({
        ...c,
        body:
          typeof c.body === 'object' && c.body !== null && !Array.isArray(c.body)
            ? (() => {
                const merged: Record<string, unknown> = { ...createBody(), ...(c.body as object) };
                for (const k of ['amount', 'pixels']) if (!(k in (c.body as object))) delete merged[k];
                return merged;
              })()
            : c.body,
      })),
    );
    const bad: [string, unknown][] = [
      ['boardIndex', 625],
      ['boardIndex', -1],
      ['boardIndex', '1e2'],
      ['canvasIndex', -3],
      ['canvasIndex', 1.5],
      ['canvasIndex', 999],
      ['pixels', [{ x: 49, y: 0, isDefault: true }]],
      ['pixels', [{ x: 0, y: -1, isDefault: true }]],
      ['pixels', [{ x: 0, y: 0, isDefault: 'yes' }]],
      ['pixels', [{ x: 0, y: 0, color: 'red' }]],
      ['pixels', [{ x: 0, y: 0, color: '#12345G' }]],
      [
        'pixels',
        [
          { x: 0, y: 0, isDefault: true },
          { x: 0, y: 0, isDefault: true },
        ],
      ],
      [
        'pixels',
        Array.from({ length: 2402 }, (_, i) => ({ x: i % 49, y: Math.floor(i / 49) % 49, isDefault: true })),
      ],
      ['currency', 'eur'],
      ['billingAddress', 'NY'],
      ['billingAddress', { line1: 5 }],
      ['billingAddress', { line1: '1 Main', city: 'X', state: 'ZZ', postal_code: '12207' }],
      ['metadata', 'x'],
    ];
    for (const [field, value] of bad) {
      const body = { ...createBody(), [field]: value };
      if (field === 'pixels') body.amount = 141;
      const res = await http.post(path, body, auth);
      expectError(res, `create with ${field}=${JSON.stringify(value).slice(0, 60)}`);
    }
    const key = await http.post(path, createBody(), { ...auth, 'idempotency-key': 'bad key/../' });
    expectError(key, 'bad Idempotency-Key', { status: 400 });
  });

  it('address, status, confirm: bad ids and values', async () => {
    const ids = ['x'.repeat(300), 'pi%00', 'pi..%2F..', '%E2%80%AE', 'pi-1'];
    for (const id of ids) {
      expectError(await http.get(`/api/payments/payment-intents/${id}/status`, auth), `status ${id}`);
      expectError(
        await http.send({
          method: 'PATCH',
          path: `/api/payments/intent/${id}/address`,
          body: {},
          headers: auth,
        }),
        `address ${id}`,
      );
    }
    expectError(await http.get('/api/payments/payment-intents/pi_unknown/status', auth), 'unknown', {
      status: 404,
      code: 'payment_intent_not_found',
    });
    const addr = `/api/payments/intent/${intentId}/address`;
    await barrage('PATCH', addr, malformedBodies({ billingAddress: {} }));
    for (const billingAddress of [
      null,
      'x',
      [],
      {},
      { line1: '', city: 'A', state: 'NY', postal_code: '12207' },
      { line1: 'a', city: 'A', state: 'NY', postal_code: '1' },
      { line1: 'a'.repeat(256), city: 'A', state: 'NY', postal_code: '12207' },
      { line1: 'a', city: 'A', state: 'NY', postal_code: '12207', country: 'FR' },
      { line1: 'a\u0000', city: 'A', state: 'NY', postal_code: '12207' },
      { line1: ['a'], city: 'A', state: 'NY', postal_code: '12207' },
    ]) {
      const res = await http.send({
        method: 'PATCH',
        path: addr,
        body: { billingAddress },
        headers: auth,
      });
      expectError(res, `address ${JSON.stringify(billingAddress)}`, { status: 400 });
    }
    const confirm = (body: Record<string, unknown>) => http.post('/api/payments/sandbox/confirm', body, auth);
    const card = {
      clientSecret: secret,
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    };
    await barrage('POST', '/api/payments/sandbox/confirm', malformedBodies(card));
    for (const [k, v] of [
      ['clientSecret', ''],
      ['clientSecret', 'pi_x_secret_y'],
      ['expMonth', 13],
      ['expMonth', '12'],
      ['expYear', -1],
      ['cvc', 12345],
      ['cardNumber', null],
    ] as const)
      expectError(await confirm({ ...card, [k]: v }), `confirm ${k}=${String(v)}`);
  });

  it('tracking records and purchases: bad fields, unknown intents, unknown keys', async () => {
    await barrage('POST', '/api/payment-intents', malformedBodies({ stripe_payment_intent_id: intentId }));
    await barrage(
      'POST',
      '/api/payment-intents',
      fieldCases(() => ({ stripe_payment_intent_id: intentId })),
    );
    const purchase = () => ({
      payment_intent_id: intentId,
      canvas_index: s.h.canvasIndex,
      x_y_array: [[0, 0]],
    });
    await barrage('POST', '/api/pixel-purchases', wrongShapes(purchase()));
    for (const body of [
      { ...purchase(), purchase_price: 1 },
      { ...purchase(), x_y_array: [[0]] },
      { ...purchase(), x_y_array: [[49, 0]] },
      { ...purchase(), x_y_array: [[5, 5]] },
      { ...purchase(), x_y_array: 'x' },
      { ...purchase(), payment_intent_id: 'pi_unknown' },
      { ...purchase(), canvas_index: -1 },
      { ...purchase(), price_cents: -5 },
      purchase(), // unpaid: payment verification fails
    ])
      expectError(
        await http.post('/api/pixel-purchases', body, auth),
        `purchase ${JSON.stringify(body).slice(0, 80)}`,
      );
  });

  it('batch-update and batch-reset: bad pixels and purchase info, someone else’s payment', async () => {
    const base = `/api/pixels/canvas/${s.h.canvasIndex}/board/${BOARD}`;
    for (const bad of BAD_INDEXES)
      expectError(
        await http.post(`/api/pixels/canvas/${bad}/board/${BOARD}/batch-reset`, { pixels: [] }, auth),
        bad,
      );
    const info = { payment_intent_id: intentId, purchase_type: 'default' };
    for (const body of [
      { pixels: [] },
      { pixels: 'x' },
      { pixels: [{ x: 0 }] },
      {
        pixels: [
          { x: 0, y: 0 },
          { x: 0, y: 0 },
        ],
        purchaseInfo: info,
      },
      { pixels: [{ x: 0, y: 0 }], purchaseInfo: 'x' },
      { pixels: [{ x: 0, y: 0 }], purchaseInfo: { payment_intent_id: '' } },
      { pixels: [{ x: 0, y: 0 }], purchaseInfo: { ...info, purchase_type: 'custom' } },
      { pixels: [{ x: 1, y: 0 }], purchaseInfo: info },
      { pixels: [{ x: 0, y: 0 }], purchaseInfo: info }, // not paid
      { pixels: [{ x: 0, y: 0 }] }, // no payment
    ])
      expectError(
        await http.post(`${base}/batch-reset`, body, auth),
        `reset ${JSON.stringify(body).slice(0, 80)}`,
      );
    await barrage(
      'POST',
      `${base}/batch-update`,
      malformedBodies({ pixels: [{ x: 0, y: 0, color: '#000000' }] }),
    );
    const other = await s.browser('intruder');
    const res = await other.http.post(
      `${base}/batch-reset`,
      { pixels: [{ x: 0, y: 0 }], purchaseInfo: info },
      other.auth,
    );
    expectError(res, 'someone else’s payment', { status: 403 });
  });

  it('the webhook refuses unsigned, forged and malformed deliveries', async () => {
    const body = JSON.stringify({
      id: 'evt_x',
      type: 'payment_intent.succeeded',
      data: { object: { id: intentId, object: 'payment_intent' } },
    });
    const post = (b: string | Buffer, headers: Record<string, string>) =>
      http.send({ method: 'POST', path: '/api/payments/webhook', body: b, headers });
    expectError(await post(body, {}), 'no signature', { status: 400 });
    expectError(await post(body, { 'stripe-signature': 'garbage' }), 'garbage signature', { status: 400 });
    expectError(
      await post(body, { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }),
      'forged',
      {
        status: 400,
      },
    );
    expectError(await post(body, { 'stripe-signature': 'x'.repeat(3000) }), 'long signature', {
      status: 400,
    });
    expectError(await post('', { 'stripe-signature': s.h.sandbox.sign('') }), 'empty body', { status: 400 });
    expectError(
      await post(body, { 'stripe-signature': s.h.sandbox.sign(body), 'content-type': 'text/plain' }),
      'text/plain',
    );
    const signedGarbage = '{"no":"id"}';
    expectError(
      await post(signedGarbage, { 'stripe-signature': s.h.sandbox.sign(signedGarbage) }),
      'event without id',
      {
        status: 400,
      },
    );
  });

  it('nothing was sold and no money moved; every process answers', async () => {
    expect((await http.get('/healthz')).status).toBe(200);
    for (const b of [BOARD, BOARD + 1]) {
      const doc = (await s.h.canvasCore.deps.boards.get(s.h.canvasIndex, b))!;
      expect(doc.soldCount).toBe(0);
    }
    expect((await s.h.sandbox.retrieve(intentId)).status).toBe('requires_payment_method');
    expect(await s.h.payment.core.deps.repo.orders.find({ state: { $ne: 'pending' } })).toEqual([]);
    expect(await s.h.payment.core.deps.repo.ledgerOf(s.h.canvasIndex)).toEqual([]);
    const ok = await http.get(`/api/payments/payment-intents/${intentId}/status`, auth);
    expect(ok.status).toBe(200);
  });
});
