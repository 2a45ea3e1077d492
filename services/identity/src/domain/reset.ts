/** Password-reset code rules (pure): lifetime, attempts, resend cooldown and the mail text. */
import { RESET_CODE_TTL_MS, RESET_MAX_ATTEMPTS, RESET_RESEND_COOLDOWN_MS } from './policy.js';

export interface ResetCodeState {
  expiresAt: number;
  /** Guesses made so far (right or wrong). */
  attempts: number;
}

export type ResetCodeStatus = 'usable' | 'expired' | 'void';

/** A code is void once 5 guesses were spent, expired after 5 minutes (exactly 5:00 still counts). */
export function resetCodeStatus(state: ResetCodeState, now: number): ResetCodeStatus {
  if (state.attempts >= RESET_MAX_ATTEMPTS) return 'void';
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

export function isResetCodeShape(otp: string): boolean {
  return /^\d{6}$/.test(otp);
}

export function resetMail(code: string): { subject: string; text: string } {
  return {
    subject: `Your Tessera password reset code: ${code}`,
    text: [
      'Someone asked to reset the password of your Tessera account.',
      '',
      `Your 6-digit reset code is: ${code}`,
      '',
      'The code expires in 5 minutes and can be used once.',
      'If you did not ask for it, ignore this message; your password stays unchanged.',
    ].join('\n'),
  };
}

/** The code in a reset mail's text (tests and the development outbox reader). */
export function codeInMail(text: string): string | null {
  return /reset code is: (\d{6})/.exec(text)?.[1] ?? null;
}
