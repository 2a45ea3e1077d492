/**
 * The payment routes' answers held to the HTTP contract (@tessera/api/payments): a real BFF on port
 * 0 in front of the real payment service (its test harness: sandbox provider, in-process canvas, a
 * lock table that lets every board be committed) and an identity double. A purchase from the
 * provider configuration to the save by batch-reset and batch-update; every answer is parsed with
 * the contract's schema, so an answer that drifts from it fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpcServer } from '@tessera/kit';
import { startTestRpcServer, testLogger } from '@tessera/kit/testing';
import { startPaymentHarness, type PaymentHarness } from '@tessera/payment/testing';
import {
  AddressUpdated,
  BatchSaved,
  CreatedPaymentIntent,
  PaymentIntentStatus,
  ProviderConfigAnswer,
  RecordSaved,
  SandboxAnswer,
  type BatchResetRequest,
  type BatchUpdateRequest,
  type CreatePaymentIntentRequest,
  type IntentTrackingRecord,
  type PixelPurchaseRecord,
  type SandboxConfirmRequest,
} from '@tessera/api/payments';
import { startBff, type RunningBff } from '../auth/test/app.js';
import { Browser } from '../auth/test/browser.js';
import { startIdentityDouble, type IdentityDouble } from '../auth/test/identity-double.js';
import { expectContract } from '../test/contract.js';

let h: PaymentHarness;
let paymentServer: RpcServer;
let identity: IdentityDouble;
let bff: RunningBff;
let browser: Browser;
let token = '';

beforeAll(async () => {
  h = await startPaymentHarness();
  paymentServer = await startTestRpcServer({
    name: 'payment',
    logger: testLogger('payment'),
    routes: (r) => h.payment.routes(r),
  });
  identity = await startIdentityDouble();
  bff = await startBff({ payment: paymentServer.url, identity: identity.url }, { deps: { bus: h.bus } });
  browser = new Browser(bff.base);
  token = await identity.sign('u1');
}, 60_000);
afterAll(async () => {
  await bff?.close();
  await identity?.close();
  await paymentServer?.close(0);
  await h?.close();
});

async function call(method: string, path: string, body?: unknown) {
  const res = await browser.request(method, path, { body, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: res.body as unknown };
}

const BOARD = 21;
// 100 + 100 + 200 = 400; fee 12 + 30 = 42; estimated tax 32
const AMOUNT = 474;

describe('payments: the answers are the contract', () => {
  it('configuration, intent, address, sandbox card, status, records and the save', async () => {
    expectContract(ProviderConfigAnswer, (await call('GET', '/api/config/stripe')).body);

    const order: CreatePaymentIntentRequest = {
      amount: AMOUNT,
      currency: 'usd',
      billingAddress: null,
      metadata: {},
      description: 'Pixels',
      canvasIndex: h.canvasIndex,
      boardIndex: BOARD,
      pixels: [
        { x: 1, y: 1, color: '', isDefault: true },
        { x: 2, y: 1, color: '', isDefault: true },
        { x: 3, y: 1, color: '#FF0000', isDefault: false },
      ],
    };
    const created = await call('POST', '/api/payments/create-payment-intent', order);
    expect(created.status).toBe(201);
    const intent = expectContract(CreatedPaymentIntent, created.body);
    expect(intent.actualPaymentBreakdown.total_cents).toBe(AMOUNT);

    const address = {
      line1: '1 Main St',
      line2: '',
      city: 'Austin',
      state: 'TX',
      postal_code: '78701',
      country: 'US',
    };
    const taxed = await call('PATCH', `/api/payments/intent/${intent.paymentIntentId}/address`, {
      billingAddress: address,
    });
    expect(expectContract(AddressUpdated, taxed.body).actualPaymentBreakdown.tax_jurisdiction).toBe('TX');

    const card = (cardNumber: string): SandboxConfirmRequest => ({
      clientSecret: intent.clientSecret,
      cardNumber,
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
      postalCode: '78701',
    });
    const declined = await call('POST', '/api/payments/sandbox/confirm', card('4000000000000002'));
    expect(expectContract(SandboxAnswer, declined.body)).toMatchObject({ success: false });
    const paid = await call('POST', '/api/payments/sandbox/confirm', card('4242424242424242'));
    expect(expectContract(SandboxAnswer, paid.body)).toMatchObject({ success: true, error: null });
    const status = await call('GET', `/api/payments/payment-intents/${intent.paymentIntentId}/status`);
    expect(expectContract(PaymentIntentStatus, status.body).status).toBe('succeeded');

    const tracking: IntentTrackingRecord = {
      stripe_payment_intent_id: intent.paymentIntentId,
      amount: 467,
      currency: 'usd',
      status: 'created',
      client_secret: intent.clientSecret,
      tax_amount_cents: 25,
      tax_rate: 0.0625,
      tax_jurisdiction: 'TX',
      billing_address_line1: address.line1,
      billing_address_line2: null,
      billing_address_city: address.city,
      billing_address_state: address.state,
      billing_address_postal_code: address.postal_code,
      billing_address_country: address.country,
      metadata: {},
    };
    const tracked = await call('POST', '/api/payment-intents', tracking);
    expect(tracked.status).toBe(201);
    expectContract(RecordSaved, tracked.body);
    const purchase: PixelPurchaseRecord = {
      payment_intent_id: intent.paymentIntentId,
      canvas_index: h.canvasIndex,
      x_y_array: [
        [1, 1],
        [2, 1],
        [3, 1],
      ],
      price_cents: 467,
      purchase_status: 'completed',
      purchased_at: new Date().toISOString(),
    };
    const recorded = await call('POST', '/api/pixel-purchases', purchase);
    expect(recorded.status).toBe(201);
    expectContract(RecordSaved, recorded.body);

    const info = (purchase_type: 'default' | 'custom') => ({
      payment_intent_id: intent.paymentIntentId,
      purchase_timestamp: new Date().toISOString(),
      purchase_type,
    });
    const board = `/api/pixels/canvas/${h.canvasIndex}/board/${BOARD}`;
    const reset: BatchResetRequest = {
      pixels: [
        { x: 1, y: 1 },
        { x: 2, y: 1 },
      ],
      purchaseInfo: info('default'),
    };
    const saved = expectContract(BatchSaved, (await call('POST', `${board}/batch-reset`, reset)).body);
    // the sandbox's payment event may have granted the order already: either way, the pixels are saved
    expect(saved.count).toBe(2);
    const update: BatchUpdateRequest = {
      pixels: [{ x: 3, y: 1, color: '#FF0000' }],
      purchaseInfo: info('custom'),
    };
    const again = expectContract(BatchSaved, (await call('POST', `${board}/batch-update`, update)).body);
    expect(again).toMatchObject({ count: 1, alreadyCommitted: true });
  });
});
