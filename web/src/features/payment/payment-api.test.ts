import { describe, expect, it } from 'vitest';
import { createHarness, csrfBody, json, routes } from '../../api/client.fixture.js';
import { AuthStore } from '../../auth/auth-store.js';
import {
  confirmSandboxPayment,
  createPaymentIntent,
  fetchIntentStatus,
  intentIdFromSecret,
  parseProviderConfig,
  updateIntentAddress,
} from './payment-api.js';
import { ALBANY_ADDRESS } from './address.fixture.js';

function signedIn() {
  const auth = new AuthStore();
  auth.setSession({ accessToken: 'tok', expiresIn: 900 });
  return auth;
}

const ADDRESS = ALBANY_ADDRESS;

describe('provider config', () => {
  it('selects Stripe for a pk_ key, the sandbox without one, and refuses a malformed key', () => {
    expect(parseProviderConfig({ success: true, data: { publishableKey: 'pk_test_123' } })).toEqual({
      kind: 'stripe',
      publishableKey: 'pk_test_123',
    });
    expect(
      parseProviderConfig({ success: true, data: { publishableKey: null, provider: 'sandbox' } }),
    ).toEqual({
      kind: 'sandbox',
    });
    expect(() => parseProviderConfig({ success: true, data: { publishableKey: 'sk_live_oops' } })).toThrow(
      'Invalid Stripe publishable key format',
    );
    expect(() => parseProviderConfig({ success: false })).toThrow('Failed to load payment configuration');
  });
});

describe('payment intent calls', () => {
  it('creates an intent with a fresh CSRF token and reads its id from the client secret', async () => {
    let csrf = 0;
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token-secure': () => json(200, csrfBody(`c${++csrf}`)),
        'POST /payments/create-payment-intent': [
          json(200, {
            success: true,
            clientSecret: 'pi_9_secret_z',
            actualPaymentBreakdown: { total_cents: 142 },
          }),
        ],
      }),
      { auth: signedIn() },
    );
    await h.client.csrf.getToken();
    const created = await createPaymentIntent(h.client, {
      amount: 142,
      currency: 'usd',
      billingAddress: null,
      metadata: {},
      description: 'x',
      canvasIndex: 0,
      boardIndex: 0,
      pixels: [],
    });
    expect(created).toEqual({
      paymentIntentId: 'pi_9',
      clientSecret: 'pi_9_secret_z',
      breakdown: { total_cents: 142 },
    });
    const post = h.calls.find((c) => c.method === 'POST');
    expect(post?.headers['x-csrf-token']).toBe('c2');
    expect(intentIdFromSecret('nosecret')).toBeNull();
  });

  it('says "Client secret not received from server." without one', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token-secure': [json(200, csrfBody('c'))],
        'POST /payments/create-payment-intent': [json(200, { success: true, data: {} })],
      }),
      { auth: signedIn() },
    );
    await expect(
      createPaymentIntent(h.client, {
        amount: 1,
        currency: 'usd',
        billingAddress: null,
        metadata: {},
        description: '',
        canvasIndex: 0,
        boardIndex: 0,
        pixels: [],
      }),
    ).rejects.toThrow('Client secret not received from server.');
  });

  it('updates the address and reads the breakdown; an error keeps its code', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token-secure': [json(200, csrfBody('c'))],
        'PATCH /payments/intent/pi_1/address': [
          json(200, { success: true, actualPaymentBreakdown: { total_cents: 478 } }),
          json(200, { success: true }),
          json(409, { success: false, error: 'concurrent_update_detected', message: 'busy' }),
        ],
      }),
      { auth: signedIn() },
    );
    expect(await updateIntentAddress(h.client, 'pi_1', ADDRESS)).toEqual({ total_cents: 478 });
    expect(h.calls.at(-1)?.body).toEqual({ billingAddress: ADDRESS });
    await expect(updateIntentAddress(h.client, 'pi_1', ADDRESS)).rejects.toThrow(
      'Invalid response from address update endpoint',
    );
    await expect(updateIntentAddress(h.client, 'pi_1', ADDRESS)).rejects.toMatchObject({
      code: 'concurrent_update_detected',
      status: 409,
    });
  });

  it('reads the status and confirms a sandbox card', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token-secure': [json(200, csrfBody('c'))],
        'GET /payments/payment-intents/pi_1/status': [json(200, { success: true, status: 'processing' })],
        'POST /payments/sandbox/confirm': [
          json(200, {
            success: true,
            paymentIntent: { id: 'pi_1', status: 'succeeded', amount: 474 },
            error: null,
          }),
          json(200, {
            success: false,
            paymentIntent: { id: 'pi_1', status: 'requires_payment_method', amount: 474 },
            error: { code: 'card_declined', message: 'Your card was declined.' },
          }),
          json(200, {
            success: false,
            paymentIntent: null,
            error: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
          }),
          json(400, { success: false, error: 'VALIDATION_ERROR', message: 'cvc is required' }),
        ],
      }),
      { auth: signedIn() },
    );
    expect(await fetchIntentStatus(h.client, 'pi_1')).toBe('processing');
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
    const intent = { paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_s' };
    expect(await confirmSandboxPayment(h.client, intent, card, '12207')).toBe('succeeded');
    expect(h.calls.at(-1)?.body).toEqual({
      clientSecret: 'pi_1_secret_s',
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      postalCode: '12207',
    });
    await expect(confirmSandboxPayment(h.client, intent, card, '12207')).rejects.toThrow(
      'Your card was declined.',
    );
    await expect(confirmSandboxPayment(h.client, intent, card, '12207')).rejects.toThrow(
      'Your card has insufficient funds.',
    );
    await expect(confirmSandboxPayment(h.client, intent, card, '12207')).rejects.toThrow('cvc is required');
  });
});
