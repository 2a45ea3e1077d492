/** Lifetimes and limits of sessions, one-time tokens and reset codes (spec sections 5 and 9). */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

// Access tokens' lifetime is `@tessera/facts/account` (ACCESS_TOKEN_TTL_SEC): the BFF counts with it too.
/** A refresh token is good for 30 days after it was issued (each use rotates it). */
export const REFRESH_TOKEN_TTL_MS = 30 * DAY;
/**
 * A refresh token already exchanged may be presented again this long after its first use without
 * counting as stolen: the answer to that first use can be lost (a reload that aborted the request, two
 * tabs renewing at once), and the browser then still holds the spent token. Such a use gets a sibling
 * in the same family; a use after the window revokes the family. Okta's and Auth0's rotation have the
 * same overlap (Okta: 30 s by default).
 */
export const REFRESH_REUSE_GRACE_MS = 30 * SECOND;
/** A session (refresh family) ends 90 days after sign-in however often it is refreshed. */
export const SESSION_MAX_AGE_MS = 90 * DAY;
/** Refresh tokens carry 256 bits of randomness. */
export const REFRESH_TOKEN_BYTES = 32;

/** One-time exchange tokens of the OpenID Connect sign-in: 60 s, single use. */
export const EXCHANGE_TOKEN_TTL_MS = 60 * SECOND;
export const EXCHANGE_TOKEN_BYTES = 32;

/**
 * A reset code is void after 5 guesses, right or wrong. Its length, lifetime and resend cooldown are
 * the web form's too: `@tessera/facts/account`.
 */
export const RESET_MAX_ATTEMPTS = 5;

/** Ids asked for at once in GetUsers. */
export const GET_USERS_MAX = 200;
