/** Lifetimes and limits of sessions, one-time tokens and reset codes (spec sections 5 and 9). */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/** Access tokens live 15 minutes (the spec counts them as expiring at 120 s left). */
export const ACCESS_TOKEN_TTL_SEC = 15 * 60;
/** A refresh token is good for 30 days after it was issued (each use rotates it). */
export const REFRESH_TOKEN_TTL_MS = 30 * DAY;
/** A session (refresh family) ends 90 days after sign-in however often it is refreshed. */
export const SESSION_MAX_AGE_MS = 90 * DAY;
/** Refresh tokens carry 256 bits of randomness. */
export const REFRESH_TOKEN_BYTES = 32;

/** One-time exchange tokens of the OpenID Connect sign-in: 60 s, single use. */
export const EXCHANGE_TOKEN_TTL_MS = 60 * SECOND;
export const EXCHANGE_TOKEN_BYTES = 32;

/** Reset codes: 6 digits, valid 5 minutes, void after 5 wrong guesses, one per 60 s. */
export const RESET_CODE_TTL_MS = 5 * MINUTE;
export const RESET_MAX_ATTEMPTS = 5;
export const RESET_RESEND_COOLDOWN_MS = 60 * SECOND;

/** Ids asked for at once in GetUsers. */
export const GET_USERS_MAX = 200;
