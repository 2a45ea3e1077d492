/**
 * One purchase is one trace. The whole product runs with a process per service (as Kubernetes runs
 * it), each exporting its spans over OTLP/HTTP to an in-test sink (otlp-sink.ts). A signed-up user
 * locks a board and pays for three pixels with the requests the web app sends and the headers it
 * sends them with: the lock is one user action, and the pay action (PaymentModal's client:
 * `ApiClient.forAction`) is another, whose every request (the provider configuration, the intent,
 * the billing address, the sandbox confirmation, the verification, the tracking and purchase records,
 * both saves) carries that action's `traceparent` from web/src/api/user-action.ts.
 *
 * Then the pay action's trace id must cover the BFF and at least four services, an event consumer's
 * `process <subject>` span among them; the lock's trace is another one; and no trace in the sink
 * starts at a span named after an ack or a health check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@tessera/kit/testing';
import { startStack, type RunningStack } from '../../scripts/lib/launch-stack.mjs';
import { orderTotalCents, TEST_CARD } from '../../testing/purchase-flow.mjs';
import { startUserAction, type UserAction } from '../../web/src/api/user-action.js';
import { register, type User } from '../../testing/user-flow.js';
import { requireBuild } from '../../testing/trust-stack.js';
import { startOtlpSink, type OtlpSink, type SinkSpan } from './otlp-sink.js';

const BOARD = 21;
const PIXELS = [
  { x: 2, y: 3, isDefault: true },
  { x: 3, y: 3, isDefault: true },
  { x: 4, y: 3, color: '#123456', isDefault: false },
];
/** The billing address the buyer types (web/src/features/payment/address.fixture.ts). */
const ADDRESS = {
  line1: '1 Main St',
  line2: '',
  city: 'Albany',
  state: 'NY',
  postal_code: '12207',
  country: 'US',
};

/** One request of a user action, as the web app's ApiClient sends it: bearer, CSRF, cookies, traceparent. */
async function call(user: User, action: UserAction, method: string, path: string, body?: unknown) {
  const res = await user.http.request(method, `/api${path}`, {
    body,
    headers: { authorization: user.auth.authorization!, traceparent: action.traceparent },
  });
  if (res.status >= 300)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * The pay action in the order the web app makes its calls (PaymentModal, use-payment-setup.ts,
 * CheckoutForm, use-checkout.ts, save-flow.ts).
 */
async function payAsTheWebAppDoes(user: User, pay: UserAction, canvas: number): Promise<string> {
  await call(user, pay, 'GET', '/config/stripe');
  const amount = orderTotalCents(PIXELS.map(({ x, y, color }) => (color ? { x, y, color } : { x, y })));
  const created = await call(user, pay, 'POST', '/payments/create-payment-intent', {
    amount,
    currency: 'usd',
    billingAddress: null,
    metadata: { userId: user.userId, pixelCount: PIXELS.length, canvasId: canvas, artboardId: BOARD },
    description: `Tessera: ${PIXELS.length} pixel(s) on board ${BOARD}`,
    canvasIndex: canvas,
    boardIndex: BOARD,
    pixels: PIXELS,
  });
  const data = (created.data ?? created) as { paymentIntentId: string; clientSecret: string };
  const id = data.paymentIntentId;
  const addressed = await call(user, pay, 'PATCH', `/payments/intent/${id}/address`, {
    billingAddress: ADDRESS,
  });
  const breakdown = ((addressed.data ?? addressed) as { actualPaymentBreakdown: Record<string, number> })
    .actualPaymentBreakdown;
  await call(user, pay, 'POST', '/payments/sandbox/confirm', {
    clientSecret: data.clientSecret,
    ...TEST_CARD,
    postalCode: ADDRESS.postal_code,
  });
  // verification: the intent's status until it has succeeded
  await eventually(async () => {
    const status = await call(user, pay, 'GET', `/payments/payment-intents/${id}/status`);
    return ((status.data ?? status) as { status: string }).status === 'succeeded';
  }, 10_000);
  const purchasedAt = new Date().toISOString();
  await call(user, pay, 'POST', '/payment-intents', {
    stripe_payment_intent_id: id,
    amount: breakdown.totalAmountCents,
    currency: 'usd',
    status: 'created',
    client_secret: data.clientSecret,
    tax_amount_cents: breakdown.taxAmount,
    tax_rate: (breakdown.taxRate ?? 0) / 10_000,
    tax_jurisdiction: String(breakdown.taxJurisdiction ?? ''),
    billing_address_line1: ADDRESS.line1,
    billing_address_line2: null,
    billing_address_city: ADDRESS.city,
    billing_address_state: ADDRESS.state,
    billing_address_postal_code: ADDRESS.postal_code,
    billing_address_country: ADDRESS.country,
    metadata: { userId: user.userId },
  });
  await call(user, pay, 'POST', '/pixel-purchases', {
    payment_intent_id: id,
    canvas_index: canvas,
    x_y_array: PIXELS.map((p) => [p.x, p.y]),
    price_cents: breakdown.subtotal,
    purchase_status: 'completed',
    purchased_at: purchasedAt,
    tax_amount_cents: breakdown.taxAmount,
  });
  const info = (type: 'default' | 'custom') => ({
    payment_intent_id: id,
    purchase_timestamp: purchasedAt,
    purchase_type: type,
  });
  const at = `/pixels/canvas/${canvas}/board/${BOARD}`;
  await call(user, pay, 'POST', `${at}/batch-reset`, {
    pixels: PIXELS.filter((p) => p.isDefault).map(({ x, y }) => ({ x, y })),
    purchaseInfo: info('default'),
  });
  await call(user, pay, 'POST', `${at}/batch-update`, {
    pixels: PIXELS.filter((p) => !p.isDefault).map(({ x, y, color }) => ({ x, y, color })),
    purchaseInfo: info('custom'),
  });
  return id;
}

/** The pay action's requests: configuration, intent, address, confirmation, status (one at least), two records, two saves. */
const PAY_REQUESTS = 9;

describe('one trace per user action, across processes', () => {
  let sink: OtlpSink;
  let stack: RunningStack;
  const lock = startUserAction('lock');
  const pay = startUserAction('pay');

  beforeAll(async () => {
    requireBuild();
    sink = await startOtlpSink();
    stack = await startStack({
      env: {
        TESSERA_PROCESS_PER_SERVICE: '1',
        OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint,
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
      timeoutMs: 170_000,
    });
    const buyer = await register(stack.url, 'traces');
    const active = await buyer.http.request('GET', '/api/canvases/active');
    const canvas = (active.body.data as { canvas_index: number }[])[0]!.canvas_index;
    await call(buyer, lock, 'POST', `/boards/${canvas}/${BOARD}/lock`, { duration: 5 });
    await payAsTheWebAppDoes(buyer, pay, canvas);
  }, 280_000);

  afterAll(async () => {
    await stack?.stop();
    await sink?.close();
  });

  /** A BFF request span (SERVER). */
  const isRequest = (s: SinkSpan) => s.service === 'tessera-bff' && s.kind === 2;
  const inTrace = (traceId: string) => sink.spans().filter((s) => s.traceId === traceId);
  const services = (spans: SinkSpan[]) => [...new Set(spans.map((s) => s.service))].sort();

  it('exports OTLP/JSON only', () => {
    expect(sink.refused()).toBe(0);
  });

  it("the pay action is one trace over the BFF and at least four services, an event consumer's among them", async () => {
    await eventually(() => {
      const spans = inTrace(pay.traceId);
      return (
        services(spans).filter((s) => s !== 'tessera-bff').length >= 4 &&
        // consumers export on their own: wait for the commit's consumer, not just the first one
        spans.some((s) => s.name === 'process tessera.pixels.committed' && s.kind === 5) &&
        // the sandbox's webhook span ends after the confirmation's answer: its export can come later
        spans.some((s) => s.name === 'webhook payment_intent.succeeded') &&
        spans.filter(isRequest).length >= PAY_REQUESTS
      );
    }, 30_000).catch(() => undefined);
    const spans = inTrace(pay.traceId);
    const seen = services(spans);
    console.log(`pay action ${pay.traceId}: ${spans.length} spans from ${seen.join(', ')}`);
    expect(seen).toContain('tessera-bff');
    expect(seen.filter((s) => s !== 'tessera-bff').length).toBeGreaterThanOrEqual(4);
    const consumers = spans.filter((s) => s.kind === 5 && s.name.startsWith('process '));
    expect(consumers.map((s) => s.name)).toContain('process tessera.pixels.committed');
    // every BFF request span of the action is a child of the action's own span (the page's)
    const requests = spans.filter(isRequest);
    expect(requests.length, requests.map((r) => r.name).join(', ')).toBeGreaterThanOrEqual(PAY_REQUESTS);
    for (const r of requests) expect(r.parentSpanId).toBe(pay.spanId);
    expect(requests.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'POST /api/payments/create-payment-intent',
        'POST /api/payments/sandbox/confirm',
        'POST /api/pixel-purchases',
      ]),
    );
    // the sandbox's webhook follows the confirmation inside this trace, and its CommitOrder under it
    const webhook = spans.find((s) => s.name === 'webhook payment_intent.succeeded');
    expect(webhook?.service).toBe('tessera-payment');
  });

  it('the lock action is a trace of its own', () => {
    const spans = inTrace(lock.traceId);
    expect(spans.some((s) => s.service === 'tessera-bff' && s.name.endsWith('/lock'))).toBe(true);
    expect(spans.some((s) => s.service === 'tessera-lock')).toBe(true);
    expect(lock.traceId).not.toBe(pay.traceId);
  });

  it('starts no trace at an ack or a health check', () => {
    const roots = sink.spans().filter((s) => s.parentSpanId === '');
    expect(roots.length).toBeGreaterThan(0);
    const stray = roots.filter((s) => /\back\b|nak|health|readyz|healthz/i.test(s.name));
    expect(stray.map((s) => `${s.service}: ${s.name}`)).toEqual([]);
  });
});
