// Loads @stripe/stripe-js on demand (its own chunk; nothing of Stripe is in the initial bundle), and
// through it the provider's script, only when a real publishable key is configured.
import type { Stripe } from '@stripe/stripe-js';
import { CONFIG_MESSAGES, PaymentFlowError } from './payment-messages.js';

export async function loadStripeJs(publishableKey: string): Promise<Stripe> {
  let stripe: Stripe | null;
  try {
    const { loadStripe } = await import('@stripe/stripe-js');
    stripe = await loadStripe(publishableKey);
  } catch {
    throw new PaymentFlowError(CONFIG_MESSAGES.loadSystem);
  }
  if (stripe === null) throw new PaymentFlowError(CONFIG_MESSAGES.initSystem);
  return stripe;
}
