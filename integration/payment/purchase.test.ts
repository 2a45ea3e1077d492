/**
 * A purchase through the BFF's HTTP routes, the real payment service (sandbox provider) and the real
 * canvas service: pricing and AMOUNT_MISMATCH, the billing address and tax, ownership (403), a
 * declined card that sells nothing, 4242 paying, the tracking records, the save by batch-reset and
 * batch-update (the order granted once), the refusal of changes without payment, the webhook's
 * signature checks on the raw body, and one trace id over BFF, payment, canvas, lock, the payment
 * event and the renderer's consumer of the commit event (the context carried in event headers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { node, tracing } from '@opentelemetry/sdk-node';
import { eventually } from '@tessera/kit/testing';
import type { BusMessage } from '@tessera/kit';
import { startPaymentStack, type PaymentStack } from './stack.js';
import type { RawBrowser } from '../../testing/raw-http.js';

const exporter = new tracing.InMemorySpanExporter();
new node.NodeTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] }).register();

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const traced = { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` };

let s: PaymentStack;
let http: RawBrowser;
let auth: Record<string, string>;
const succeeded: BusMessage[] = [];
const committed: BusMessage[] = [];
beforeAll(async () => {
  s = await startPaymentStack();
  ({ http, auth } = await s.browser('u1'));
  await s.h.bus.subscribe({
    subjects: ['tessera.payment.succeeded'],
    handler: (m) => void succeeded.push(m),
  });
  await s.h.bus.subscribe({
    subjects: ['tessera.pixels.committed'],
    handler: (m) => void committed.push(m),
  });
}, 60_000);
afterAll(() => s?.close());

const BOARD = 20;
const pixels = [
  { x: 1, y: 1, isDefault: true },
  { x: 2, y: 1, isDefault: true },
  { x: 3, y: 1, color: '#ff0000', isDefault: false },
];
// 100 + 100 + 200 = 400; fee 12 + 30 = 42; estimated tax 32
const AMOUNT = 474;
let intentId = '';
let clientSecret = '';

const json = (r: { json: unknown }) => r.json as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('a purchase through the BFF', () => {
  it('serves the provider configuration', async () => {
    const res = await http.get('/api/config/stripe');
    expect(res.status).toBe(200);
    expect(json(res).data).toMatchObject({ provider: 'sandbox', testMode: true });
    expect(json(res).data.publishableKey).toMatch(/^pk_test_/);
  });

  it('prices on the server: a wrong amount gets 400 AMOUNT_MISMATCH', async () => {
    const body = {
      amount: 100,
      currency: 'usd',
      billingAddress: null,
      canvasIndex: s.h.canvasIndex,
      boardIndex: BOARD,
      pixels,
    };
    const res = await http.post('/api/payments/create-payment-intent', body, { ...auth, ...traced });
    expect(res.status).toBe(400);
    expect(json(res)).toMatchObject({ success: false, error: 'AMOUNT_MISMATCH', statusCode: 400 });
  });

  it('creates the intent, takes the address and recomputes tax', async () => {
    const res = await http.post(
      '/api/payments/create-payment-intent',
      {
        amount: AMOUNT,
        currency: 'usd',
        billingAddress: null,
        description: 'Pixels',
        metadata: { canvasId: String(s.h.canvasIndex), artboardId: String(BOARD), position: '0,20' },
        pixels,
      },
      { ...auth, ...traced },
    );
    expect(res.status).toBe(201);
    intentId = json(res).paymentIntentId;
    clientSecret = json(res).clientSecret;
    expect(json(res).actualPaymentBreakdown).toMatchObject({
      subtotal_cents: 400,
      service_fee_cents: 42,
      tax_amount_cents: 32,
      tax_jurisdiction: 'Estimated',
      total_cents: AMOUNT,
    });
    const bad = await http.send({
      method: 'PATCH',
      path: `/api/payments/intent/${intentId}/address`,
      body: { billingAddress: { line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '00000' } },
      headers: { ...auth, ...traced },
    });
    expect(bad.status).toBe(400);
    expect(json(bad)).toMatchObject({ error: 'invalid_billing_address', message: 'Invalid ZIP code' });
    const ok = await http.send({
      method: 'PATCH',
      path: `/api/payments/intent/${intentId}/address`,
      body: {
        billingAddress: {
          line1: '1 Main St',
          city: 'Austin',
          state: 'TX',
          postal_code: '78701',
          country: 'US',
        },
      },
      headers: { ...auth, ...traced },
    });
    expect(ok.status).toBe(200);
    // TX 6.25% of 400 = 25
    expect(json(ok).actualPaymentBreakdown).toMatchObject({
      tax_amount_cents: 25,
      tax_jurisdiction: 'TX',
      total_cents: 467,
    });
  });

  it('an intent belongs to its creator (403)', async () => {
    const other = await s.browser('u2');
    const res = await other.http.get(`/api/payments/payment-intents/${intentId}/status`, {
      ...other.auth,
      ...traced,
    });
    expect(res.status).toBe(403);
    expect(json(res).error).toBe('unauthorized_payment_intent_access');
  });

  it('a declined card sells nothing; 4242 pays', async () => {
    const declined = await http.post(
      '/api/payments/sandbox/confirm',
      { clientSecret, cardNumber: '4000 0000 0000 0002', expMonth: 12, expYear: 2099, cvc: '123' },
      { ...auth, ...traced },
    );
    expect(json(declined)).toMatchObject({ success: false, error: { message: 'Your card was declined.' } });
    const early = await http.post(
      `/api/pixels/canvas/${s.h.canvasIndex}/board/${BOARD}/batch-reset`,
      { pixels: [{ x: 1, y: 1 }], purchaseInfo: { payment_intent_id: intentId, purchase_type: 'default' } },
      { ...auth, ...traced },
    );
    expect(early.status).toBe(400);
    expect(json(early).message).toMatch(/Payment verification failed/);
    const paid = await http.post(
      '/api/payments/sandbox/confirm',
      { clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
      { ...auth, ...traced },
    );
    expect(json(paid)).toMatchObject({ success: true, paymentIntent: { id: intentId, status: 'succeeded' } });
    const status = await http.get(`/api/payments/payment-intents/${intentId}/status`, { ...auth, ...traced });
    expect(json(status)).toMatchObject({ status: 'succeeded', amount: 467 });
  });

  it('tracks the intent and the purchase; unknown fields are refused', async () => {
    const t = await http.post(
      '/api/payment-intents',
      {
        stripe_payment_intent_id: intentId,
        amount: 467,
        currency: 'usd',
        status: 'created',
        client_secret: clientSecret,
      },
      { ...auth, ...traced },
    );
    expect(t.status).toBe(201);
    const purchase = {
      payment_intent_id: intentId,
      canvas_index: s.h.canvasIndex,
      x_y_array: [
        [1, 1],
        [2, 1],
        [3, 1],
      ],
      price_cents: 467,
      purchase_status: 'completed',
      purchased_at: new Date().toISOString(),
    };
    const extra = await http.post(
      '/api/pixel-purchases',
      { ...purchase, purchase_price: 4 },
      { ...auth, ...traced },
    );
    expect(extra.status).toBe(400);
    expect(json(extra).message).toBe('"purchase_price" is not allowed');
    expect((await http.post('/api/pixel-purchases', purchase, { ...auth, ...traced })).status).toBe(201);
  });

  it('saves: the order is granted once, over both batch calls', async () => {
    const reset = await http.post(
      `/api/pixels/canvas/${s.h.canvasIndex}/board/${BOARD}/batch-reset`,
      {
        pixels: [
          { x: 1, y: 1 },
          { x: 2, y: 1 },
        ],
        purchaseInfo: {
          payment_intent_id: intentId,
          purchase_timestamp: new Date().toISOString(),
          purchase_type: 'default',
        },
      },
      { ...auth, ...traced },
    );
    expect(reset.status).toBe(200);
    expect(json(reset)).toMatchObject({
      success: true,
      count: 2,
      data: { calculatedPrice: { defaultColorCount: 2 } },
    });
    const update = await http.post(
      `/api/pixels/canvas/${s.h.canvasIndex}/board/${BOARD}/batch-update`,
      {
        pixels: [{ x: 3, y: 1, color: '#FF0000' }],
        purchaseInfo: { payment_intent_id: intentId, purchase_type: 'custom' },
      },
      { ...auth, ...traced },
    );
    expect(json(update)).toMatchObject({ success: true, count: 1, alreadyCommitted: true });
    const board = await http.get(`/api/pixels/canvas/${s.h.canvasIndex}/board/${BOARD}`);
    const owned = (
      json(board).data as { x: number; y: number; user_id: string | null; current_color: string }[]
    ).filter((p) => p.user_id !== null);
    expect(owned.map((p) => [p.x, p.y, p.user_id])).toEqual([
      [1, 1, 'u1'],
      [2, 1, 'u1'],
      [3, 1, 'u1'],
    ]);
    expect(owned[2]!.current_color.toUpperCase()).toBe('#FF0000');
  });

  it('refuses changes without a payment, and changes to owned pixels', async () => {
    const path = `/api/pixels/canvas/${s.h.canvasIndex}/board/${BOARD}/batch-update`;
    const owned = await http.post(path, { pixels: [{ x: 1, y: 1, color: '#000000' }] }, auth);
    expect(owned.status).toBe(409);
    expect(json(owned).message).toBe(
      'Cannot save changes. Pixel at (1, 1) has been purchased and cannot be modified. All sales are final.',
    );
    const unpaid = await http.post(path, { pixels: [{ x: 9, y: 9, color: '#000000' }] }, auth);
    expect(unpaid.status).toBe(400);
    expect(json(unpaid).message).toBe(
      "This action includes acquiring new pixels and requires a payment. Please use the 'Purchase' button in the header.",
    );
  });

  it('verifies webhooks on the raw body: wrong secret, tampered body and 301 s old get 400; 299 s succeeds', async () => {
    const now = Math.floor(s.h.now() / 1000);
    const event = (id: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: intentId, object: 'payment_intent' } },
      });
    const post = (body: string, signature: string) =>
      http.send({
        method: 'POST',
        path: '/api/payments/webhook',
        body,
        headers: { 'stripe-signature': signature },
      });
    const { default: Stripe } = await import('stripe');
    const wrong = Stripe.webhooks.generateTestHeaderString({
      payload: event('evt_a'),
      secret: 'whsec_wrong',
      timestamp: now,
    });
    expect((await post(event('evt_a'), wrong)).status).toBe(400);
    const signed = s.h.sandbox.sign(event('evt_b'), now);
    expect((await post(event('evt_b').replace('succeeded', 'canceled'), signed)).status).toBe(400);
    expect((await post(event('evt_c'), s.h.sandbox.sign(event('evt_c'), now - 301))).status).toBe(400);
    const fresh = await post(event('evt_d'), s.h.sandbox.sign(event('evt_d'), now - 299));
    expect(fresh.status).toBe(200);
    expect(json(fresh)).toMatchObject({ received: true, handled: true });
    expect(json(await post(event('evt_d'), s.h.sandbox.sign(event('evt_d'), now)))).toMatchObject({
      handled: false,
    });
  });

  it('one trace: BFF, payment, canvas, lock, both events and the renderer consumer share the trace id', async () => {
    for (const list of [succeeded, committed]) {
      const msg = await eventually(() => list.find(Boolean));
      const ctx = propagation.extract(context.active(), msg.headers);
      expect(trace.getSpanContext(ctx)?.traceId, msg.subject).toBe(TRACE_ID);
    }
    // the renderer's consumer span ends after its handler: wait for it rather than for time
    const consumer = await eventually(() =>
      exporter
        .getFinishedSpans()
        .find((sp) => sp.name === 'process tessera.pixels.committed' && sp.kind === SpanKind.CONSUMER),
    );
    expect(consumer.spanContext().traceId).toBe(TRACE_ID);
    const spans = exporter.getFinishedSpans().filter((sp) => sp.spanContext().traceId === TRACE_ID);
    const names = new Set(spans.map((sp) => sp.name));
    for (const name of [
      'POST /api/payments/create-payment-intent',
      'POST /api/pixels/canvas/:canvasIndex/board/:boardIndex/batch-reset',
      'tessera.payment.v1.PaymentService/CreatePaymentIntent',
      'tessera.payment.v1.PaymentService/CommitOrder',
      'tessera.lock.v1.LockService/ValidateLock',
      'tessera.canvas.v1.CanvasService/ReservePixels',
      'tessera.canvas.v1.CanvasService/CommitOrder',
      'process tessera.pixels.committed',
    ])
      expect(names, name).toContain(name);
  });
});
