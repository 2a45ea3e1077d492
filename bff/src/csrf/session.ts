/**
 * The browser's session id: a random value in an HttpOnly cookie that CSRF tokens are bound to. It is
 * created on a browser's first CSRF token and replaced on every sign-in and sign-out (no session
 * fixation; the old session's tokens stop working).
 */
import type { Context } from 'koa';
import type { BffDeps } from '../deps.js';
import { cookieJar } from '../cookies.js';
import { sessionKeysFor } from './keys.js';
import { issueCsrfToken, newSessionId, type IssuedCsrfToken } from './token.js';

/** The session-id cookie lives 30 days and is replaced on every sign-in and sign-out. */
export const SESSION_ID_MAX_AGE_SEC = 30 * 24 * 3600;

type Deps = Pick<BffDeps, 'config' | 'logger' | 'now'>;

/** Gives this browser a new session id. */
export function rotateSessionId(ctx: Context, deps: Pick<BffDeps, 'config'>): void {
  cookieJar(ctx, deps.config).set('session', newSessionId(), SESSION_ID_MAX_AGE_SEC);
}

/** A CSRF token for this browser's session id (created on first contact). */
export function issueCsrf(ctx: Context, deps: Deps): IssuedCsrfToken {
  const jar = cookieJar(ctx, deps.config);
  let sid = jar.get('session');
  if (sid === undefined) {
    sid = newSessionId();
    jar.set('session', sid, SESSION_ID_MAX_AGE_SEC);
  }
  return issueCsrfToken(sessionKeysFor(deps.config.auth, deps.logger).csrf, sid, deps.now());
}

/** The session id this request's CSRF token must be bound to (undefined before the first token). */
export function sessionIdOf(ctx: Context, deps: Pick<BffDeps, 'config'>): string | undefined {
  return cookieJar(ctx, deps.config).get('session');
}
