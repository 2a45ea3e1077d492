import { describe, expect, it } from 'vitest';
import { createHarness, csrfBody, json, routes, type Handler } from '../../api/client.fixture.js';
import { ApiError } from '../../api/errors.js';
import { AuthStore } from '../../auth/auth-store.js';
import { saveErrorMessage } from './payment-messages.js';
import { estimateBreakdown } from './pricing.js';
import { newSaveProgress, retryDecision, savePurchase, type SaveInput } from './save-flow.js';
import { ALBANY_ADDRESS } from './address.fixture.js';

const ADDRESS = ALBANY_ADDRESS;

function input(overrides: Partial<SaveInput> = {}): SaveInput {
  return {
    purchase: {
      canvasIndex: 2,
      boardIndex: 26,
      pixels: [
        { x: 1, y: 1, color: '#D4E4BC', isDefault: true },
        { x: 2, y: 1, color: '#36558F', isDefault: false },
      ],
    },
    userId: 'u1',
    paymentIntentId: 'pi_1',
    clientSecret: 'pi_1_secret_x',
    breakdown: estimateBreakdown(1, 1),
    address: ADDRESS,
    metadata: { canvasId: 2 },
    ...overrides,
  };
}

function harness(table: Record<string, Handler | Response[]>) {
  const auth = new AuthStore();
  auth.setSession({ accessToken: 'tok', expiresIn: 900 });
  const h = createHarness(routes({ 'GET /csrf/csrf-token-secure': [json(200, csrfBody('c1'))], ...table }), {
    auth,
  });
  const sleeps: number[] = [];
  const deps = {
    api: h.client,
    sleep: async (ms: number) => void sleeps.push(ms),
    now: () => new Date('2026-11-24T00:00:00.000Z'),
  };
  return { ...h, deps, sleeps };
}

const ok = () => json(200, { success: true, message: 'ok' });

describe('save flow', () => {
  it('verifies, tracks the intent, records the purchase, then reset and update with purchaseInfo', async () => {
    const h = harness({
      'GET /payments/payment-intents/pi_1/status': [
        json(200, { status: 'processing' }),
        json(200, { success: true, status: 'succeeded' }),
      ],
      'POST /payment-intents': [ok()],
      'POST /pixel-purchases': [ok()],
      'POST /pixels/canvas/2/board/26/batch-reset': [json(200, { success: true, count: 1 })],
      'POST /pixels/canvas/2/board/26/batch-update': [json(200, { success: true, count: 1 })],
    });
    await savePurchase(input(), h.deps, newSaveProgress());
    const calls = h.appCalls().map((c) => `${c.method} ${c.path}`);
    expect(calls).toEqual([
      'GET /payments/payment-intents/pi_1/status',
      'GET /payments/payment-intents/pi_1/status',
      'POST /payment-intents',
      'POST /pixel-purchases',
      'POST /pixels/canvas/2/board/26/batch-reset',
      'POST /pixels/canvas/2/board/26/batch-update',
    ]);
    const [, , track, record, reset, update] = h.appCalls();
    expect(track?.body).toMatchObject({
      stripe_payment_intent_id: 'pi_1',
      amount: 300 + 39 + 24,
      currency: 'usd',
      status: 'created',
      client_secret: 'pi_1_secret_x',
      tax_amount_cents: 24,
      tax_rate: 0.08,
      tax_jurisdiction: 'Estimated',
      billing_address_line1: '1 Main St',
      billing_address_line2: null,
      billing_address_state: 'NY',
      billing_address_country: 'US',
    });
    expect(record?.body).toEqual({
      payment_intent_id: 'pi_1',
      canvas_index: 2,
      x_y_array: [
        [1, 1],
        [2, 1],
      ],
      price_cents: 300,
      purchase_status: 'completed',
      purchased_at: '2026-11-24T00:00:00.000Z',
      tax_amount_cents: 24,
    });
    const info = { payment_intent_id: 'pi_1', purchase_timestamp: '2026-11-24T00:00:00.000Z' };
    expect(reset?.body).toEqual({
      pixels: [{ x: 1, y: 1 }],
      purchaseInfo: { ...info, purchase_type: 'default' },
    });
    expect(update?.body).toEqual({
      pixels: [{ x: 2, y: 1, color: '#36558F' }],
      purchaseInfo: { ...info, purchase_type: 'custom' },
    });
    expect(h.sleeps).toEqual([1000, 100]);
  });

  it('refuses before any call: no pixels, no user, no payment id', async () => {
    const h = harness({});
    const empty = input({ purchase: { canvasIndex: 2, boardIndex: 26, pixels: [] } });
    await expect(savePurchase(empty, h.deps, newSaveProgress())).rejects.toThrow('No changes to save');
    await expect(savePurchase(input({ userId: null }), h.deps, newSaveProgress())).rejects.toThrow(
      'User authentication is missing. Please log in again.',
    );
    await expect(savePurchase(input({ paymentIntentId: null }), h.deps, newSaveProgress())).rejects.toThrow(
      "This action includes acquiring new pixels and requires a payment. Please use the 'Purchase' button in the header.",
    );
    expect(h.appCalls()).toEqual([]);
  });

  it('a failed payment is never saved', async () => {
    const h = harness({
      'GET /payments/payment-intents/pi_1/status': [json(200, { status: 'requires_payment_method' })],
    });
    const error = await savePurchase(input(), h.deps, newSaveProgress()).catch((e: unknown) => e);
    expect(saveErrorMessage(error)).toBe(
      'Payment verification failed. Please contact support if your payment was charged.',
    );
    expect(h.appCalls().filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('maps a tracking failure, and a 403 on the purchase record to the ownership text', async () => {
    const status = [json(200, { status: 'succeeded' })];
    const a = harness({
      'GET /payments/payment-intents/pi_1/status': status,
      'POST /payment-intents': [json(422, { success: false, message: 'nope', error: 'UNPROCESSABLE' })],
    });
    const e1 = await savePurchase(input(), a.deps, newSaveProgress()).catch((e: unknown) => e);
    expect(saveErrorMessage(e1)).toBe('Payment was successful but tracking failed. Please contact support.');
    const b = harness({
      'GET /payments/payment-intents/pi_1/status': status,
      'POST /payment-intents': [ok()],
      'POST /pixel-purchases': [json(403, { success: false, message: 'not yours', error: 'FORBIDDEN' })],
    });
    const e2 = await savePurchase(input(), b.deps, newSaveProgress()).catch((e: unknown) => e);
    expect(saveErrorMessage(e2)).toBe(
      "Payment ownership verification failed. This payment doesn't belong to your account. Please contact support.",
    );
  });

  it('a retry resumes after the steps that succeeded', async () => {
    let updateFails = true;
    const h = harness({
      'GET /payments/payment-intents/pi_1/status': [json(200, { status: 'succeeded' })],
      'POST /payment-intents': [ok()],
      'POST /pixel-purchases': [ok()],
      'POST /pixels/canvas/2/board/26/batch-reset': [json(200, { success: true })],
      'POST /pixels/canvas/2/board/26/batch-update': () => {
        if (updateFails) {
          updateFails = false;
          return json(409, { success: false, message: 'Board is busy', error: 'CONFLICT' });
        }
        return json(200, { success: true });
      },
    });
    const progress = newSaveProgress();
    const error = await savePurchase(input(), h.deps, progress).catch((e: unknown) => e);
    expect(saveErrorMessage(error)).toBe('Save failed: Board is busy');
    expect(retryDecision(error, 1)).toBe('manual');
    await savePurchase(input(), h.deps, progress);
    const posts = h
      .appCalls()
      .filter((c) => c.method === 'POST')
      .map((c) => c.path.split('/').pop());
    expect(posts).toEqual([
      'payment-intents',
      'pixel-purchases',
      'batch-reset',
      'batch-update',
      'batch-update',
    ]);
  });

  it('retries network and timeout errors automatically, at most twice', () => {
    const network = Object.assign(new Error('x'), {});
    const timeout = new ApiError({ status: 0, code: 'TIMEOUT', message: 'Request timeout after 30000ms' });
    expect(retryDecision(timeout, 1)).toBe('auto');
    expect(retryDecision(new TypeError('Failed to fetch'), 1)).toBe('auto');
    expect(retryDecision(new TypeError('Failed to fetch'), 2)).toBe('auto');
    expect(retryDecision(new TypeError('Failed to fetch'), 3)).toBe('none');
    expect(retryDecision(network, 1)).toBe('manual');
  });
});
