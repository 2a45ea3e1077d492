// The OAuth callback's decisions (spec section 4, "OAuth callback"), as pure functions. The parameters
// and error values are the ones the BFF writes: @tessera/facts/oauth.
import { GOOGLE_AUTH_FAILED } from '@tessera/facts/oauth';
import { isApiError } from '../../api/errors.js';
import type { CallbackSearch } from '../../lib/search-params.js';
import { CALLBACK_MESSAGES } from './auth-messages.js';

export type CallbackStart =
  { kind: 'to-login' } | { kind: 'error'; message: string } | { kind: 'exchange'; token: string };

/** What the callback does with its URL parameters. */
export function startCallback(search: CallbackSearch): CallbackStart {
  const { exchange_token: token, success, error, code } = search;
  if (token === undefined && success === undefined && error === undefined && code === undefined) {
    return { kind: 'to-login' };
  }
  if (error !== undefined) {
    return {
      kind: 'error',
      message: error === GOOGLE_AUTH_FAILED ? CALLBACK_MESSAGES.googleFailed : CALLBACK_MESSAGES.failed,
    };
  }
  if (token === undefined || token.trim() === '')
    return { kind: 'error', message: CALLBACK_MESSAGES.noToken };
  return { kind: 'exchange', token: token.trim() };
}

/**
 * A failed exchange that goes silently to /login: a used or expired token (404, "No OAuth tokens",
 * "Invalid or expired"), as after a reload of the callback page.
 */
export function isSilentExchangeFailure(error: unknown): boolean {
  const status = isApiError(error) ? error.status : 0;
  const message = error instanceof Error ? error.message : String(error);
  return status === 404 || /404|No OAuth tokens|Invalid or expired/i.test(message);
}
