/**
 * Payment facts the payment service, the BFF and the web app share (spec sections 3, 4, 5 and 7):
 * the payment intent's statuses (Stripe's names, which the sandbox provider uses too) and what each
 * group of them means, the purchase types of a save, the publishable key's prefix, and the save
 * refusal that both the BFF answers and the web app shows itself. Pure: the web bundle imports it.
 */

/** Every status a payment intent can have (Stripe's PaymentIntent statuses). */
export const INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
] as const;

export type IntentStatus = (typeof INTENT_STATUSES)[number];

const KNOWN: ReadonlySet<string> = new Set(INTENT_STATUSES);

export function isIntentStatus(status: string): status is IntentStatus {
  return KNOWN.has(status);
}

/**
 * Not paid and still open: the buyer may still pay, change the billing address (and so the amount)
 * or give up. Once an intent leaves these, its amount is fixed.
 */
export const AWAITING_PAYMENT: readonly IntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

/** True while the intent awaits payment (see AWAITING_PAYMENT). */
export function isAwaitingPayment(status: string): boolean {
  return (AWAITING_PAYMENT as readonly string[]).includes(status);
}

/**
 * What a confirmation by the buyer may end in for the payment to go on to verification: paid, or
 * on its way to it. Anything else ("requires_action" left unanswered, a decline) is not a payment.
 */
export function isConfirmedStatus(status: string): boolean {
  return status === 'succeeded' || status === 'processing' || status === 'requires_capture';
}

export type IntentVerdict = 'succeeded' | 'failed' | 'pending';

/**
 * What verification makes of a status it polled (spec section 4): succeeded ends it;
 * requires_payment_method (the card was declined), "failed" (the spec's word) or canceled fail it;
 * anything else (created, processing, requires_action...) means poll again.
 */
export function intentVerdict(status: string): IntentVerdict {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'requires_payment_method' || status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/** `purchaseInfo.purchase_type` of a save: "default" for artist-colour pixels (batch-reset), "custom" for the rest. */
export type PurchaseType = 'default' | 'custom';

export function purchaseType(isDefault: boolean): PurchaseType {
  return isDefault ? 'default' : 'custom';
}

/** Stripe's publishable keys start so; the payment service refuses another at start, the modal too. */
export const PUBLISHABLE_KEY_PREFIX = 'pk_';

export function isPublishableKey(key: string): boolean {
  return key.startsWith(PUBLISHABLE_KEY_PREFIX);
}

/** A save that would buy pixels without naming its payment (spec section 5, "Saving"). */
export const PAYMENT_REQUIRED_MESSAGE =
  "This action includes acquiring new pixels and requires a payment. Please use the 'Purchase' button in the header.";
