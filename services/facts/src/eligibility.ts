/**
 * Who may vote (brief invariant 5): the eligibility rule, the e-mail verification code's limits and
 * the texts the submission service, identity, the BFF and the web app share. Pure: no I/O.
 *
 * The rule: a user may vote when their e-mail address is verified (a 6-digit code mailed to it was
 * entered, or an OpenID Connect provider verified it at sign-in) OR they bought at least one pixel
 * on any canvas. Nobody votes on their own submission. A throwaway account has neither: a fresh
 * mailbox per account, or money per account, is what voting costs an abuser; a real visitor
 * verifies in a minute.
 */
import { RESET_CODE_LENGTH } from './account.js';

/** What makes a voter eligible (either is enough). */
export interface VoterStanding {
  emailVerified: boolean;
  /** Bought at least one pixel on any canvas. */
  paidPixel: boolean;
}

export function isEligibleVoter(s: VoterStanding): boolean {
  return s.emailVerified || s.paidPixel;
}

/** Why a vote is refused before it is counted (null: it counts). */
export type VoteRefusal = 'own' | 'ineligible';

/** The author is refused first (verifying would not help them); then an ineligible voter. */
export function voteRefusal(voterId: string, authorId: string, standing: VoterStanding): VoteRefusal | null {
  if (voterId === authorId) return 'own';
  return isEligibleVoter(standing) ? null : 'ineligible';
}

/** The error code of a vote refused for eligibility (403); the web app offers verification on it. */
export const VOTER_NOT_ELIGIBLE = 'VOTER_NOT_ELIGIBLE';

export const VOTE_REFUSAL_MESSAGES = {
  ineligible:
    'Only verified members can vote. Verify your e-mail address (it takes a minute) or buy a pixel on the canvas, then vote again.',
  own: "You can't vote on your own submission. Ask the community to vote for it instead!",
} as const satisfies Record<VoteRefusal, string>;

// ---- the e-mail verification code ------------------------------------------------------------

/** The code has as many digits as a password reset code. */
export const VERIFY_CODE_LENGTH = RESET_CODE_LENGTH;
export const VERIFY_CODE_TTL_MINUTES = 15;
export const VERIFY_CODE_TTL_MS = VERIFY_CODE_TTL_MINUTES * 60_000;
/** Guesses per code, right or wrong; then it is void. */
export const VERIFY_MAX_ATTEMPTS = 5;
/** One code per minute per account… */
export const VERIFY_RESEND_COOLDOWN_MS = 60_000;
/** …and at most this many per account in VERIFY_SEND_WINDOW_MS. */
export const VERIFY_MAX_SENDS = 5;
export const VERIFY_SEND_WINDOW_MS = 24 * 60 * 60_000;

const VERIFY_CODE = new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`);

export function isVerifyCodeShape(code: string): boolean {
  return VERIFY_CODE.test(code);
}

export const VERIFICATION_MESSAGES = {
  codeShape: `Please enter the ${VERIFY_CODE_LENGTH}-digit code from the e-mail.`,
  wrongCode: "That code doesn't match. Please check the e-mail and try again.",
  expired: 'This code has expired. Please ask for a new one.',
  void: 'Too many wrong codes: this one is no longer valid. Please ask for a new one.',
  noCode: 'Please ask for a code first.',
  tooManySends: `You asked for ${VERIFY_MAX_SENDS} codes today. Please use the last one, or try again tomorrow.`,
  verified: 'Your e-mail address is verified. You can vote now!',
} as const;

/** The wait before the next code may be sent. */
export function verifyCooldownMessage(seconds: number): string {
  return `Please wait ${seconds} seconds before asking for another code.`;
}

/** How long until another code may be sent, and whether the day's quota (not the cooldown) is why. */
export interface SendWait {
  waitMs: number;
  quota: boolean;
}

/**
 * The wait before another code may be sent to an account that was sent codes at `sentAt` (any
 * order): one per VERIFY_RESEND_COOLDOWN_MS, at most VERIFY_MAX_SENDS per VERIFY_SEND_WINDOW_MS.
 * Sends older than the window are forgotten; a send stamped in the future counts as now.
 */
export function verifySendWait(sentAt: readonly number[], now: number): SendWait {
  const recent = sentAt
    .filter((t) => t > now - VERIFY_SEND_WINDOW_MS)
    .map((t) => Math.min(t, now))
    .sort((a, b) => a - b);
  if (recent.length >= VERIFY_MAX_SENDS) {
    const oldest = recent[recent.length - VERIFY_MAX_SENDS]!;
    return { waitMs: Math.max(1, oldest + VERIFY_SEND_WINDOW_MS - now), quota: true };
  }
  const last = recent.at(-1);
  return {
    waitMs: last === undefined ? 0 : Math.max(0, last + VERIFY_RESEND_COOLDOWN_MS - now),
    quota: false,
  };
}

/** The sends still inside the window (what a record keeps). */
export function recentSends(sentAt: readonly number[], now: number): number[] {
  return sentAt.filter((t) => t > now - VERIFY_SEND_WINDOW_MS);
}
