/**
 * The Stripe adapter against a local HTTP server answering Stripe's API shapes (the SDK pointed at
 * it by host, port and protocol http): intent creation with an idempotency key, a tax calculation,
 * retrieval, a refund, a refused request; and webhook verification on the raw body.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { ProviderRequestError, WebhookSignatureError } from './provider.js';
import { StripeProvider } from './stripe-provider.js';

interface Seen {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  auth: string | undefined;
  form: URLSearchParams;
}

const seen: Seen[] = [];
let server: http.Server;
let provider: StripeProvider;
const SECRET = 'whsec_test_secret_0123456789';

const intent = (over: Record<string, unknown> = {}) => ({
  id: 'pi_123',
  object: 'payment_intent',
  amount: 474,
  currency: 'usd',
  status: 'requires_payment_method',
  client_secret: 'pi_123_secret_abc',
  amount_received: 0,
  metadata: { user_id: 'u1' },
  latest_charge: null,
  ...over,
});

function answer(req: http.IncomingMessage, body: string): [number, unknown] {
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
    const form = new URLSearchParams(body);
    if (form.get('amount') === '1')
      return [
        402,
        {
          error: {
            type: 'card_error',
            code: 'amount_too_small',
            message: 'Amount must be at least $0.50 usd',
          },
        },
      ];
    return [
      200,
      intent({ amount: Number(form.get('amount')), metadata: { user_id: form.get('metadata[user_id]') } }),
    ];
  }
  if (req.method === 'POST' && url.pathname === '/v1/tax/calculations')
    return [
      200,
      {
        id: 'taxcalc_1',
        object: 'tax.calculation',
        amount_total: 436,
        currency: 'usd',
        tax_amount_exclusive: 36,
        tax_amount_inclusive: 0,
        tax_breakdown: [
          {
            amount: 16,
            inclusive: false,
            taxable_amount: 400,
            tax_rate_details: { percentage_decimal: '4.0', state: 'NY', country: 'US' },
          },
          {
            amount: 20,
            inclusive: false,
            taxable_amount: 400,
            tax_rate_details: { percentage_decimal: '4.875', state: 'NY', country: 'US' },
          },
        ],
      },
    ];
  if (req.method === 'GET' && url.pathname === '/v1/payment_intents/pi_123')
    return [
      200,
      intent({
        status: 'succeeded',
        amount_received: 474,
        latest_charge: { id: 'ch_1', object: 'charge', amount_refunded: 0 },
      }),
    ];
  if (req.method === 'POST' && url.pathname === '/v1/refunds')
    return [
      200,
      { id: 're_1', object: 'refund', amount: 474, status: 'succeeded', payment_intent: 'pi_123' },
    ];
  return [
    404,
    {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
      },
    },
  ];
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        auth: req.headers.authorization,
        form: new URLSearchParams(body),
      });
      const [status, json] = answer(req, body);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seen.length}` });
      res.end(JSON.stringify(json));
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  provider = new StripeProvider({
    secretKey: 'sk_test_local',
    publishableKey: 'pk_test_local',
    webhookSecret: SECRET,
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    protocol: 'http',
  });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('Stripe adapter over a local Stripe-shaped server', () => {
  it('creates an intent with the idempotency key and ids-only metadata', async () => {
    const pi = await provider.createIntent({
      amountCents: 474,
      currency: 'usd',
      description: '3 pixels',
      metadata: { user_id: 'u1', canvas_index: '1', board_index: '20' },
      idempotencyKey: 'create-u1:abc',
    });
    expect(pi).toMatchObject({
      id: 'pi_123',
      clientSecret: 'pi_123_secret_abc',
      status: 'requires_payment_method',
      amountCents: 474,
    });
    const req = seen.find((s) => s.path === '/v1/payment_intents')!;
    expect(req.idempotencyKey).toBe('create-u1:abc');
    expect(req.auth).toBe('Bearer sk_test_local');
    expect(req.form.get('amount')).toBe('474');
    expect(req.form.get('currency')).toBe('usd');
    expect(req.form.get('automatic_payment_methods[enabled]')).toBe('true');
    expect([...req.form.keys()].filter((k) => k.startsWith('metadata')).sort()).toEqual([
      'metadata[board_index]',
      'metadata[canvas_index]',
      'metadata[user_id]',
    ]);
  });

  it('calculates tax for the billing address with Stripe Tax', async () => {
    const quote = await provider.calculateTax(
      { line1: '1 Main St', line2: '', city: 'New York', state: 'NY', postalCode: '10001', country: 'US' },
      400,
    );
    expect(quote).toEqual({ amountCents: 36, rateBps: 888, jurisdiction: 'NY' });
    const req = seen.find((s) => s.path === '/v1/tax/calculations')!;
    expect(req.form.get('line_items[0][amount]')).toBe('400');
    expect(req.form.get('line_items[0][tax_behavior]')).toBe('exclusive');
    expect(req.form.get('customer_details[address][postal_code]')).toBe('10001');
    expect(req.form.get('customer_details[address_source]')).toBe('billing');
  });

  it('retrieves an intent with its charge', async () => {
    const pi = await provider.retrieve('pi_123');
    expect(pi).toMatchObject({ status: 'succeeded', amountReceivedCents: 474, refundedCents: 0 });
    expect(seen.at(-1)!.path).toMatch(/^\/v1\/payment_intents\/pi_123\?expand/);
  });

  it('refunds with an idempotency key', async () => {
    const r = await provider.refund('pi_123', 'refund-pi_123');
    expect(r).toEqual({ id: 're_1', amountCents: 474, status: 'succeeded' });
    const req = seen.find((s) => s.path === '/v1/refunds')!;
    expect(req.idempotencyKey).toBe('refund-pi_123');
    expect(req.form.get('payment_intent')).toBe('pi_123');
  });

  it('turns a refused request into a ProviderRequestError', async () => {
    const err = await provider
      .createIntent({ amountCents: 1, currency: 'usd', description: '', metadata: {}, idempotencyKey: 'k2' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderRequestError);
    expect(err).toMatchObject({ status: 402, code: 'amount_too_small' });
  });
});

describe('Stripe webhooks', () => {
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { id: 'pi_123', object: 'payment_intent' } },
  });
  const sign = (secret: string, ageS: number, body = payload) =>
    Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret,
      timestamp: Math.floor(Date.now() / 1000) - ageS,
    });
  const bytes = (s: string) => new TextEncoder().encode(s);

  it('accepts a signed event up to 299 s old', () => {
    expect(provider.verifyEvent(bytes(payload), sign(SECRET, 0))).toEqual({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      intentId: 'pi_123',
    });
    expect(provider.verifyEvent(bytes(payload), sign(SECRET, 299)).id).toBe('evt_1');
  });

  it('refuses a wrong secret, a tampered body and a 301 s old timestamp', () => {
    expect(() => provider.verifyEvent(bytes(payload), sign('whsec_other', 0))).toThrow(WebhookSignatureError);
    expect(() => provider.verifyEvent(bytes(payload.replace('pi_123', 'pi_999')), sign(SECRET, 0))).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.verifyEvent(bytes(payload), sign(SECRET, 301))).toThrow(/tolerance/);
  });
});
