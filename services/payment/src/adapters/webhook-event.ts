/** Reading a verified Stripe-shaped event (both adapters sign and send the same shape). */
import type { ProviderEvent } from './provider.js';
import { WebhookSignatureError } from './provider.js';

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
