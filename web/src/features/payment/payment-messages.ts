// Every payment text of spec sections 2, 4, 5 and 8, and the mappings from errors to them.
import { isApiError, isNetworkError, type ApiError } from '../../api/errors.js';
import { ORDER_REFUNDED_CODE } from '@tessera/facts/payments';
import { formatDollars } from '@tessera/facts/pricing';
import type { OrderRefunded } from '@tessera/api/payments';
import { fieldsIn } from '../../lib/json.js';

export const MODAL_TEXT = {
  title: 'Complete Your Purchase',
  loading: 'Loading payment system...',
  systemError: 'Payment System Error',
  retrySystem: 'Retry Payment System',
  initError: 'Payment Initialization Error',
  preparing: 'Preparing payment...',
  or: 'OR',
  billing: 'Billing Information',
  summary: 'Payment Summary',
  notice: 'Tax & Fee Notice',
  testMode: 'test mode',
  success: 'Payment successful! It may take 60 seconds to reflect on the canvas.',
} as const;

/** The success toast stays 10 s (payment toasts, spec section 9). */
export const PAYMENT_TOAST_MS = 10_000;

/** An error whose message is already the user's text (no further mapping). */
export class PaymentFlowError extends Error {
  override readonly name = 'PaymentFlowError';
  /** Shown as is by the save error mapping (the purchase errors already are the user's text). */
  readonly verbatim: boolean;

  constructor(message: string, options: { verbatim?: boolean } = {}) {
    super(message);
    this.verbatim = options.verbatim ?? false;
  }
}

export const CONFIG_MESSAGES = {
  invalidKey: 'Invalid Stripe publishable key format',
  loadConfig: 'Failed to load payment configuration',
  loadSystem: 'Failed to load payment system',
  initSystem: 'Failed to initialize payment system',
} as const;

export const CONFIRM_MESSAGES = {
  unexpected: 'An unexpected error occurred during payment.',
  walletFailed: 'Apple Pay payment failed',
  walletRetry: 'Apple Pay failed. Please try again.',
  walletNoAddress: 'Billing address not provided by Express Checkout',
  initFailed: 'Failed to initialize payment. Please try again.',
  verificationFailed: 'Payment verification failed',
  saveDefault: 'Payment successful but there was an error saving. Please contact support.',
  cardMissing: 'Card element not found. Please refresh and try again.',
  noClientSecret: 'Client secret not received from server.',
} as const;

export function notSucceededMessage(status: string): string {
  return `Payment not successful. Status: ${status}`;
}

export const ADDRESS_UPDATE_MESSAGES: Record<string, string> = {
  payment_intent_not_found: 'Payment session not found. Please try again.',
  unauthorized_payment_intent_access: 'Unauthorized access to payment. Please create a new payment session.',
  invalid_billing_address: 'Invalid billing address. Please check and try again.',
  tax_calculation_failed: 'Unable to calculate tax. Please try again.',
  concurrent_update_detected: 'Payment is being updated. Please wait and try again.',
  invalid_payment_intent_state: 'Payment already processed. Please create a new payment session.',
};
export const ADDRESS_UPDATE_FALLBACK = 'Failed to update payment with address.';
export const ADDRESS_UPDATE_INVALID_RESPONSE = 'Invalid response from address update endpoint';
export const TAX_FAILED = 'Failed to calculate tax. Please try again.';

/** The message for a failed address update: the code's text, else the server's message, else the fallback. */
export function addressUpdateMessage(code: string | null, serverMessage: string | null): string {
  const known = code === null ? undefined : ADDRESS_UPDATE_MESSAGES[code.toLowerCase()];
  if (known !== undefined) return known;
  return serverMessage !== null && serverMessage.trim() !== '' ? serverMessage : ADDRESS_UPDATE_FALLBACK;
}

export const PURCHASE_MESSAGES = {
  purchasePriceNotAllowed:
    'Payment processing error. Please refresh the page and try again. If the problem persists, please contact support.',
  invalidRequest: 'Invalid request. Please try again.',
  ownership:
    "Payment ownership verification failed. This payment doesn't belong to your account. Please contact support.",
} as const;

export function amountMismatchMessage(paidCents: number, expectedCents: number): string {
  return `The amount paid to the payment provider (${formatDollars(paidCents)}) does not match the expected price (${formatDollars(expectedCents)}). Please contact support.`;
}

export function invalidPricingMessage(message: string): string {
  return `Price validation failed: ${message}. Please try your purchase again.`;
}

/** A purchase error in the spec's words (400 and 403 of the purchase calls); null when not one. */
export function purchaseErrorMessage(
  error: unknown,
  amounts: { paidCents: number; expectedCents: number },
): string | null {
  if (!isApiError(error)) return null;
  if (error.status === 403) return PURCHASE_MESSAGES.ownership;
  if (error.status !== 400) return null;
  if (error.code === 'AMOUNT_MISMATCH')
    return amountMismatchMessage(amounts.paidCents, amounts.expectedCents);
  if (error.code === 'INVALID_PRICING') return invalidPricingMessage(error.message);
  if (/purchase_price/i.test(error.message) && /not allowed/i.test(error.message)) {
    return PURCHASE_MESSAGES.purchasePriceNotAllowed;
  }
  return error.message.trim() !== '' ? error.message : PURCHASE_MESSAGES.invalidRequest;
}

export const SAVE_MESSAGES = {
  noChanges: 'No changes to save',
  sessionExpired: 'Session expired - please refresh the page and log in again',
  canvasData: 'Canvas data issue - please refresh the page and try again',
  verification: 'Payment verification failed. Please contact support if your payment was charged.',
  canvasConfig: 'Canvas configuration error - please refresh the page',
  tracking: 'Payment was successful but tracking failed. Please contact support.',
  network: 'Network error - please check your connection and try again',
  canvasLoading: 'Canvas is still loading. Please wait a moment and try again.',
  noCanvas: 'No active canvas available. Please refresh the page and try again.',
  userMissing: 'User authentication is missing. Please log in again.',
  userIdMissing: 'User ID is missing. Please refresh and log in again.',
  canvasIndexMissing: 'Canvas index is missing. Please refresh the page.',
} as const;

export function saveFailedMessage(message: string): string {
  return `Save failed: ${message}`;
}

/**
 * A save refused because the order could not be granted: the payment was refunded. The server's
 * message says why and how much in the buyer's words; without one, the refund from the body.
 */
export function refundedSaveMessage(error: { message: string; body: unknown }): string {
  if (error.message.trim() !== '') return error.message;
  const { refundedAmount } = fieldsIn<OrderRefunded>(error.body);
  const cents = typeof refundedAmount === 'number' ? refundedAmount : 0;
  return cents > 0
    ? `These pixels could not be saved, so your payment of ${formatDollars(cents)} has been refunded in full.`
    : 'These pixels could not be saved, so your payment is being refunded in full.';
}

/** True when the save was refused and the payment refunded (nothing to retry). */
export function isRefundedSave(error: unknown): error is ApiError {
  return isApiError(error) && error.code === ORDER_REFUNDED_CODE;
}

/** The save error mapping of spec section 8, applied to the error's message. */
export function saveErrorMessage(error: unknown): string {
  if (error instanceof PaymentFlowError && error.verbatim) return error.message;
  if (isRefundedSave(error)) return refundedSaveMessage(error);
  if (isNetworkError(error)) return SAVE_MESSAGES.network;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (message.trim() === '') return CONFIRM_MESSAGES.saveDefault;
  const m = message.toLowerCase();
  if (/\bauth|log ?in\b/.test(m)) return SAVE_MESSAGES.sessionExpired;
  if (m.includes('canvas data') || m.includes('refresh')) return SAVE_MESSAGES.canvasData;
  if (m.includes('payment verification')) return SAVE_MESSAGES.verification;
  if (m.includes('database') || m.includes('canvas index') || m.includes('canvas_index')) {
    return SAVE_MESSAGES.canvasConfig;
  }
  if (m.includes('tracking failed')) return SAVE_MESSAGES.tracking;
  if (m.includes('network') || m.includes('fetch') || m.includes('timeout')) return SAVE_MESSAGES.network;
  return saveFailedMessage(message);
}

/**
 * The message of a failed payment step: ours (already the user's text) or the server's or provider's,
 * else the generic "An unexpected error occurred during payment." (spec section 8).
 */
export function paymentErrorMessage(error: unknown, fallback: string = CONFIRM_MESSAGES.unexpected): string {
  if (error instanceof PaymentFlowError) return error.message;
  if (isApiError(error) && error.message.trim() !== '') return error.message;
  return fallback;
}
