/** Verifying and reading a Stripe-shaped webhook event (both adapters sign and send the same shape). */
import type Stripe from 'stripe';
import { WEBHOOK_TOLERANCE_S, WebhookSignatureError, type ProviderEvent } from './provider.js';

/**
 * Checks the signature of a webhook body with Stripe's scheme (the signing secret, a tolerance of
 * WEBHOOK_TOLERANCE_S) and reads the event. `nowMs` measures the age on another clock than the
 * machine's (the sandbox's). Any failure is a WebhookSignatureError.
 */
export function verifyWebhookEvent(
  webhooks: Stripe.Webhooks,
  payload: Uint8Array,
  signature: string,
  secret: string,
  nowMs?: number,
): ProviderEvent {
  let event: unknown;
  try {
    event = webhooks.constructEvent(
      Buffer.from(payload),
      signature,
      secret,
      WEBHOOK_TOLERANCE_S,
      undefined,
      nowMs,
    );
  } catch (err) {
    throw new WebhookSignatureError(
      err instanceof Error ? err.message : 'Webhook signature verification failed',
    );
  }
  return toProviderEvent(event);
}

export function toProviderEvent(event: unknown): ProviderEvent {
  const e = event as {
    id?: unknown;
    type?: unknown;
    data?: { object?: { id?: unknown; object?: unknown; payment_intent?: unknown } };
  };
  if (typeof e?.id !== 'string' || typeof e.type !== 'string')
    throw new WebhookSignatureError('The event has no id or type');
  const obj = e.data?.object;
  let intentId: string | null = null;
  if (obj?.object === 'payment_intent' && typeof obj.id === 'string') intentId = obj.id;
  else if (typeof obj?.payment_intent === 'string') intentId = obj.payment_intent;
  return { id: e.id, type: e.type, intentId };
}
