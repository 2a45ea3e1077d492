/**
 * E-mail verification rules (pure): whether an account's address counts as verified, and the mail.
 * The code's length, lifetime, guesses and resend limits are `@tessera/facts/eligibility`.
 */
import { VERIFY_CODE_LENGTH, VERIFY_CODE_TTL_MINUTES } from '@tessera/facts/eligibility';
import type { UserDoc } from './documents.js';

/**
 * Verified: a mailed code was confirmed, or the account signed in with OpenID Connect. Identity
 * creates or links an OpenID account only when the provider says it verified that very address
 * (service/oidc.ts refuses otherwise), so such an address is verified by the provider.
 */
export function isEmailVerified(user: Pick<UserDoc, 'emailVerifiedAt' | 'oidcIssuer'>): boolean {
  return user.emailVerifiedAt !== undefined || user.oidcIssuer !== undefined;
}

export function verificationMail(code: string): { subject: string; text: string } {
  return {
    subject: `Your Tessera verification code: ${code}`,
    text: [
      'Please confirm that this is your e-mail address, so you can vote on the artist selection.',
      '',
      `Your ${VERIFY_CODE_LENGTH}-digit verification code is: ${code}`,
      '',
      `The code expires in ${VERIFY_CODE_TTL_MINUTES} minutes.`,
      'If you did not ask for it, ignore this message.',
    ].join('\n'),
  };
}

const MAILED_CODE = new RegExp(`verification code is: (\\d{${VERIFY_CODE_LENGTH}})`);

/** The code in a verification mail's text (tests and the development outbox reader). */
export function codeInVerificationMail(text: string): string | null {
  return MAILED_CODE.exec(text)?.[1] ?? null;
}
