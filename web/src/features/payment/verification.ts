// Payment verification (spec sections 4 and 9): the intent's status is polled up to 12 times with a
// delay of min(1000 x 2^n, 5000) ms; what a status means is facts' intentVerdict (succeeded ends it;
// requires_payment_method, failed or canceled fail it; anything else keeps polling).
import { intentVerdict } from '@tessera/facts/payments';
import { CONFIRM_MESSAGES, PaymentFlowError } from './payment-messages.js';

export const VERIFY_ATTEMPTS = 12;
export const VERIFY_BASE_DELAY_MS = 1000;
export const VERIFY_MAX_DELAY_MS = 5000;

/** The wait after attempt n (0-based): 1000, 2000, 4000, 5000, 5000, ... */
export function verifyDelayMs(n: number): number {
  return Math.min(VERIFY_BASE_DELAY_MS * 2 ** n, VERIFY_MAX_DELAY_MS);
}

/** Every wait between the 12 attempts (11 of them). */
export function verifySchedule(attempts = VERIFY_ATTEMPTS): number[] {
  return Array.from({ length: Math.max(0, attempts - 1) }, (_, n) => verifyDelayMs(n));
}

export interface VerifyOptions {
  getStatus: () => Promise<string>;
  sleep: (ms: number) => Promise<void>;
  attempts?: number;
}

/**
 * Resolves when the intent has succeeded; rejects with "Payment verification failed" when it failed
 * or was still not settled after the last attempt. A failed status read counts as an attempt.
 */
export async function verifyPayment({
  getStatus,
  sleep,
  attempts = VERIFY_ATTEMPTS,
}: VerifyOptions): Promise<void> {
  let lastError: unknown = null;
  for (let n = 0; n < attempts; n++) {
    try {
      const verdict = intentVerdict(await getStatus());
      if (verdict === 'succeeded') return;
      if (verdict === 'failed') throw new PaymentFlowError(CONFIRM_MESSAGES.verificationFailed);
      lastError = null;
    } catch (error) {
      if (error instanceof PaymentFlowError) throw error;
      lastError = error;
    }
    if (n < attempts - 1) await sleep(verifyDelayMs(n));
  }
  if (lastError !== null) throw lastError;
  throw new PaymentFlowError(CONFIRM_MESSAGES.verificationFailed);
}
