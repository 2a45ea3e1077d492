// The Stripe calls with a stand-in for stripe-js objects (the real script needs js.stripe.com).
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmExpress, confirmWithStripe } from './use-checkout.js';
import { ALBANY_ADDRESS } from './address.fixture.js';

const ADDRESS = ALBANY_ADDRESS;

function fakes(result: unknown, submitError?: { message: string }) {
  const calls: string[] = [];
  const elements = {
    fetchUpdates: vi.fn(async () => {
      calls.push('fetchUpdates');
      return {};
    }),
    submit: vi.fn(async () => {
      calls.push('submit');
      return submitError ? { error: submitError } : { selectedPaymentMethod: 'card' };
    }),
  } as unknown as StripeElements;
  const confirmPayment = vi.fn(async () => {
    calls.push('confirmPayment');
    return result;
  });
  const stripe = { confirmPayment } as unknown as Stripe;
  vi.stubGlobal('window', { location: { href: 'http://127.0.0.1/canvas/art/26' } });
  return { stripe, elements, confirmPayment, calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Stripe confirmation', () => {
  it('refreshes the amount, submits, then confirms without redirect with the billing address', async () => {
    const f = fakes({ paymentIntent: { status: 'succeeded' } });
    expect(await confirmWithStripe(f.stripe, f.elements, 'pi_1_secret_x', ADDRESS)).toBe('succeeded');
    expect(f.calls).toEqual(['fetchUpdates', 'submit', 'confirmPayment']);
    expect(f.confirmPayment).toHaveBeenCalledWith({
      elements: f.elements,
      clientSecret: 'pi_1_secret_x',
      redirect: 'if_required',
      confirmParams: {
        return_url: 'http://127.0.0.1/canvas/art/26',
        payment_method_data: { billing_details: { address: { ...ADDRESS, line2: null } } },
      },
    });
  });

  it("shows the provider's message, and needs the card element", async () => {
    const declined = fakes({ error: { message: 'Your card was declined.' } });
    await expect(confirmWithStripe(declined.stripe, declined.elements, 's', ADDRESS)).rejects.toThrow(
      'Your card was declined.',
    );
    const invalid = fakes({}, { message: 'Your card number is incomplete.' });
    await expect(confirmWithStripe(invalid.stripe, invalid.elements, 's', ADDRESS)).rejects.toThrow(
      'Your card number is incomplete.',
    );
    expect(invalid.calls).not.toContain('confirmPayment');
    await expect(confirmWithStripe(invalid.stripe, null, 's', ADDRESS)).rejects.toThrow(
      'Card element not found. Please refresh and try again.',
    );
  });

  it('Express Checkout confirms at once; a failure without a message is the wallet failure', async () => {
    const f = fakes({ error: {} });
    await expect(confirmExpress(f.stripe, f.elements, 's')).rejects.toThrow('Apple Pay payment failed');
    const ok = fakes({ paymentIntent: { status: 'processing' } });
    expect(await confirmExpress(ok.stripe, ok.elements, 's')).toBe('processing');
    expect(ok.calls).toEqual(['confirmPayment']);
  });
});
