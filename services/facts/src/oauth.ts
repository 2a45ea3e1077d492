/**
 * The OAuth redirect contract between the BFF and the web app (spec sections 2 and 4, "OAuth
 * callback"): where the browser starts the provider's sign-in, which page the BFF sends it back to,
 * and the query parameters and error values the BFF writes and the web app reads. Defined once so
 * that a renamed value cannot leave the callback page unable to read what the BFF wrote. Pure: the web
 * bundle imports it.
 */

/** The BFF's route that sends the browser to the provider (the spec's `GET /auth/google`). */
export const OAUTH_START_PATH = '/api/auth/google';

/** The web app's page that handles the return from the provider. */
export const OAUTH_CALLBACK_PAGE = '/auth/callback';

/** The web app's sign-in page. */
export const LOGIN_PAGE = '/login';

/** The callback page's query parameters: the one-time token, or what went wrong. */
export const CALLBACK_PARAMS = ['exchange_token', 'success', 'error', 'code'] as const;
export type CallbackParam = (typeof CALLBACK_PARAMS)[number];

/** The callback's `error` when the provider's sign-in failed in the BFF ("Authentication with Google failed"). */
export const GOOGLE_AUTH_FAILED = 'google_auth_failed';

/** The sign-in page's `error` after a sign-in with the provider could not complete. */
export const OAUTH_FAILED = 'oauth_failed';

/** Where the BFF sends the browser with the one-time exchange token. */
export function callbackWithToken(exchangeToken: string): string {
  return `${OAUTH_CALLBACK_PAGE}?exchange_token=${encodeURIComponent(exchangeToken)}`;
}

/** Where the BFF sends the browser when the provider's sign-in failed (the reason is only logged). */
export const CALLBACK_FAILED_URL = `${OAUTH_CALLBACK_PAGE}?error=${GOOGLE_AUTH_FAILED}`;

/** The sign-in page saying the provider's sign-in did not complete (also the BFF's answer without a provider). */
export const LOGIN_OAUTH_FAILED_URL = `${LOGIN_PAGE}?error=${OAUTH_FAILED}`;

/**
 * identity's refusal of a used, expired or unknown exchange token, which the BFF passes on. The
 * callback page goes silently to the sign-in page on a message containing "Invalid or expired"
 * (spec section 4), so this text must keep those words.
 */
export const EXCHANGE_INVALID_MESSAGE = 'Invalid or expired exchange token';
