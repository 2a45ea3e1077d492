/**
 * Payment facts the payment service, the BFF and the web app share (spec sections 3, 4, 5 and 7):
 * the payment intent's statuses (Stripe's names, which the sandbox provider uses too) and what each
 * group of them means, the purchase types of a save, the publishable key's prefix, and the save
 * refusal that both the BFF answers and the web app shows itself. Pure: the web bundle imports it.
 */
import { formatDollars } from './pricing.js';

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

/**
 * Why a paid order was refunded: its pixels were sold (or held) for another order, or the buyer lost
 * the board's lock to another user before the payment arrived. The canvas refused the order for good.
 */
export const REFUND_REASONS = {
  pixelsSold: 'pixels_sold_to_another_buyer',
  boardLockLost: 'board_lock_lost',
} as const;

export type RefundReason = (typeof REFUND_REASONS)[keyof typeof REFUND_REASONS];

/** The save's error code for an order refused by the canvas and refunded (409; the body names the refund). */
export const ORDER_REFUNDED_CODE = 'ORDER_REFUNDED';

/**
 * What the save answers (and the editor shows) when a paid order could not be granted and its
 * payment was refunded, in the buyer's words.
 */
export function orderRefundedMessage(reason: string, amountCents: number): string {
  const why =
    reason === REFUND_REASONS.boardLockLost
      ? 'Your lock on this board ended before your payment went through, so these pixels could not be saved.'
      : 'Some of these pixels were sold to another buyer before your payment completed.';
  return `${why} Your payment of ${formatDollars(amountCents)} has been refunded in full.`;
}

/**
 * Limits on a user's payment intents (invariant 8: provider calls are bounded). The BFF counts every
 * create-payment-intent call per user in a fixed window (429 with Retry-After); the payment service
 * refuses a new order while the user already has MAX_OPEN_INTENTS_PER_USER unpaid orders whose
 * pixels are held. Every order is checked (pixels, lock, price, the user's own holds) before any
 * call to the provider, so a refused order makes none.
 */
export const INTENT_LIMITS = {
  /** create-payment-intent calls per user per window. */
  newPerWindow: 20,
  windowMs: 60_000,
  /** Unpaid orders holding pixels at once, per user. */
  maxOpen: 10,
  /** Retry-After (seconds) of a refusal for too many open orders. */
  openRetryAfterS: 60,
} as const;

export const TOO_MANY_OPEN_INTENTS_MESSAGE =
  'You have too many unfinished payments open. Finish or close one of them, or wait a minute, then try again.';
