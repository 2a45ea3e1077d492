/**
 * The account rules (spec section 5, "Register", "Select username" and "Forgot password"), defined
 * once for the identity service and the web app's forms: an e-mail address of at most 254
 * characters with no whitespace or control characters, a username of 3 to 49 letters, digits and
 * underscores ("less than 50"), a password of 8 to 256 characters, and the spec's messages for each;
 * the password-reset code (spec section 9 "Reset code": 6 digits, valid 5 minutes, resend after 60 s)
 * and the access token's lifetime. The password's strength meter is `@tessera/facts/password`. Pure: the web bundle imports it.
 */
export const EMAIL_MAX = 254;
export const USERNAME_MIN = 3;
/** A username must be shorter than this ("Username must be less than 50 characters"). */
export const USERNAME_LIMIT = 50;
export const PASSWORD_MIN = 8;
/** Long enough for any passphrase, short enough that hashing it costs nothing unusual. */
export const PASSWORD_MAX = 256;

// No whitespace and no control characters (NUL, BEL, DEL...): such an address can never receive mail.
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
const USERNAME = /^[A-Za-z0-9_]+$/;

/** A trimmed address of at most EMAIL_MAX characters in the simple form name@domain.tld. */
export function isValidEmail(email: string): boolean {
  const e = email.trim();
  return e.length <= EMAIL_MAX && EMAIL.test(e);
}

/** A reset code is this many digits (leading zeros kept). */
export const RESET_CODE_LENGTH = 6;
/** A reset code is valid this many minutes after it was issued (exactly that long still counts). */
export const RESET_CODE_TTL_MINUTES = 5;
export const RESET_CODE_TTL_MS = RESET_CODE_TTL_MINUTES * 60_000;
/** Another code may be asked for this long after the last one (per address; the web's countdown). */
export const RESET_RESEND_COOLDOWN_MS = 60_000;
/**
 * How the mail and the form tell the code's lifetime, from the constant so neither can drift from
 * what identity enforces. Without a full stop: the mail goes on after it.
 */
export const RESET_CODE_EXPIRY_TEXT = `The code expires in ${RESET_CODE_TTL_MINUTES} minutes`;

/**
 * The password-reset calls' answers (spec section 8, "Password flows"): the BFF answers with them and
 * the web's reset form shows them (it words a resend its own way, so it never shows the body's text).
 */
export const RESET_MESSAGES = {
  codeSent: 'If an account exists with this email, a reset code has been sent.',
  passwordReset: 'Password has been reset successfully!',
} as const;

/**
 * How an ended or an expired session is worded (spec section 8: "session ended, sign in again";
 * "session expired"): identity's refusals of a refresh token, the BFF's refusals of a session or an
 * access token, and the web app's texts for those codes.
 */
export const SESSION_MESSAGES = {
  ended: 'Your session has ended. Please sign in again.',
  expired: 'Your session has expired. Please sign in again.',
} as const;

/**
 * Access tokens live 15 minutes: identity signs them so, and the BFF remembers a revoked session for
 * as long as a token naming it can still be presented.
 */
export const ACCESS_TOKEN_TTL_SEC = 15 * 60;

const RESET_CODE = new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`);

/** Exactly RESET_CODE_LENGTH digits and nothing else (no spaces: callers trim first). */
export function isResetCodeShape(code: string): boolean {
  return RESET_CODE.test(code);
}

export type UsernameProblem = 'required' | 'short' | 'long' | 'chars';
export type PasswordProblem = 'short' | 'long';

/** The spec's words for each problem: the web forms show them and identity answers with them. */
export const ACCOUNT_MESSAGES = {
  email: 'Please enter a valid email address',
  username: {
    required: 'Username is required',
    short: 'Username must be at least 3 characters',
    long: 'Username must be less than 50 characters',
    chars: 'Username can only contain letters, numbers, and underscores',
  },
  password: {
    short: 'Password must be at least 8 characters long',
    long: 'Password must be at most 256 characters',
  },
  /** A reset code that is not RESET_CODE_LENGTH digits (the form's check and identity's answer). */
  resetCode: 'Please enter the 6-digit code',
} as const satisfies {
  email: string;
  resetCode: string;
  username: Record<UsernameProblem, string>;
  password: Record<PasswordProblem, string>;
};

/** The username's problem after trimming (empty, too short, too long, other characters), or null. */
export function usernameProblem(raw: string): UsernameProblem | null {
  const username = raw.trim();
  if (username === '') return 'required';
  if (username.length < USERNAME_MIN) return 'short';
  if (username.length >= USERNAME_LIMIT) return 'long';
  if (!USERNAME.test(username)) return 'chars';
  return null;
}

/** The username's message (ACCOUNT_MESSAGES.username), or null when it may be sent. */
export function usernameMessage(raw: string): string | null {
  const problem = usernameProblem(raw);
  return problem === null ? null : ACCOUNT_MESSAGES.username[problem];
}

/** A password is taken as typed (never trimmed): too short, too long, or null. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN) return 'short';
  if (password.length > PASSWORD_MAX) return 'long';
  return null;
}

/** The password's message (ACCOUNT_MESSAGES.password), or null when it may be sent. */
export function passwordMessage(password: string): string | null {
  const problem = passwordProblem(password);
  return problem === null ? null : ACCOUNT_MESSAGES.password[problem];
}

/**
 * New accounts one client address may create, registrations and first sign-ins with Google alike:
 * at most NEW_ACCOUNTS_PER_ADDRESS_PER_HOUR in a clock hour and NEW_ACCOUNTS_PER_ADDRESS_PER_DAY in
 * a UTC day. A household gets its accounts in a minute; a script gets a handful a day, not a crowd.
 */
export const NEW_ACCOUNTS_PER_ADDRESS_PER_HOUR = 3;
export const NEW_ACCOUNTS_PER_ADDRESS_PER_DAY = 6;

/** The answer to one new account too many from an address (429, with Retry-After `retryAfterSec`). */
export function newAccountLimitMessage(retryAfterSec: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSec / 60));
  const wait =
    minutes <= 90 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.ceil(minutes / 60)} hours`;
  return `Too many new accounts have been created from your network. Please try again in ${wait}, or sign in to an account you already have.`;
}
