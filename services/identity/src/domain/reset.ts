/**
 * Password-reset code rules (pure): lifetime, attempts, resend cooldown and the mail text. The code's
 * length, lifetime and cooldown are `@tessera/facts/account`, shared with the web form.
 */
import {
  RESET_CODE_EXPIRY_TEXT,
  RESET_CODE_LENGTH,
  RESET_CODE_TTL_MS,
  RESET_RESEND_COOLDOWN_MS,
} from '@tessera/facts/account';
import { RESET_MAX_ATTEMPTS } from './policy.js';

export interface ResetCodeState {
  expiresAt: number;
  /** Guesses made so far (right or wrong). */
  attempts: number;
}

export type ResetCodeStatus = 'usable' | 'expired' | 'void';

/**
 * A code is void once `maxAttempts` (5) guesses were spent, expired after its lifetime (the last
 * millisecond still counts). E-mail verification codes follow the same rule.
 */
export function resetCodeStatus(
  state: ResetCodeState,
  now: number,
  maxAttempts = RESET_MAX_ATTEMPTS,
): ResetCodeStatus {
  if (state.attempts >= maxAttempts) return 'void';
  if (now > state.expiresAt) return 'expired';
  return 'usable';
}

export function resetCodeExpiry(issuedAt: number): number {
  return issuedAt + RESET_CODE_TTL_MS;
}

/** Milliseconds until another code may be sent (0: now). */
export function resendWait(lastSentAt: number | null, now: number): number {
  if (lastSentAt === null || !Number.isFinite(lastSentAt)) return 0;
  const left = lastSentAt + RESET_RESEND_COOLDOWN_MS - now;
  return left > 0 && left <= RESET_RESEND_COOLDOWN_MS ? left : 0;
}

export function resetMail(code: string): { subject: string; text: string } {
  return {
    subject: `Your Tessera password reset code: ${code}`,
    text: [
      'Someone asked to reset the password of your Tessera account.',
      '',
      `Your ${RESET_CODE_LENGTH}-digit reset code is: ${code}`,
      '',
      `${RESET_CODE_EXPIRY_TEXT} and can be used once.`,
      'If you did not ask for it, ignore this message; your password stays unchanged.',
    ].join('\n'),
  };
}

const MAILED_CODE = new RegExp(`reset code is: (\\d{${RESET_CODE_LENGTH}})`);

/** The code in a reset mail's text (tests and the development outbox reader). */
export function codeInMail(text: string): string | null {
  return MAILED_CODE.exec(text)?.[1] ?? null;
}
