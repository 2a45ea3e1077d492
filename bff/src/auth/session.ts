/** The browser side of a session: the refresh-token cookie and the session id CSRF tokens bind to. */
import type { Context } from 'koa';
import type { Session } from '@tessera/proto/tessera/identity/v1/identity_pb.js';
import type { BffDeps } from '../deps.js';
import { cookieJar } from './cookies.js';
import { issueCsrfToken, newSessionId, type IssuedCsrfToken } from './csrf-token.js';
import { sessionKeysFor } from './session-keys.js';

/** The session-id cookie lives 30 days and is replaced on every sign-in and sign-out. */
export const SESSION_ID_MAX_AGE_SEC = 30 * 24 * 3600;

type Deps = Pick<BffDeps, 'config' | 'logger' | 'now'>;

/** Puts a (rotated) refresh token in its cookie. */
export function renewSession(ctx: Context, deps: Deps, session: Session): void {
  const ms = session.refreshExpiresAtMs - deps.now();
  cookieJar(ctx, deps.config).set(
    'refresh',
    session.refreshToken,
    session.refreshExpiresAtMs > 0 ? Math.max(1, ms / 1000) : undefined,
  );
}

/** After a sign-in: the refresh cookie, and a new session id (no session fixation). */
export function beginSession(ctx: Context, deps: Deps, session: Session): void {
  renewSession(ctx, deps, session);
  cookieJar(ctx, deps.config).set('session', newSessionId(), SESSION_ID_MAX_AGE_SEC);
}

/** Clears the refresh cookie and starts a new session id. */
export function endSession(ctx: Context, deps: Deps): void {
  const jar = cookieJar(ctx, deps.config);
  jar.clear('refresh');
  jar.set('session', newSessionId(), SESSION_ID_MAX_AGE_SEC);
}

/** The refresh token from the cookie, if any. */
export function refreshTokenOf(ctx: Context, deps: Pick<BffDeps, 'config'>): string | undefined {
  return cookieJar(ctx, deps.config).get('refresh');
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

/** Auth answers carry tokens or personal data: never cached anywhere. */
export function noStore(ctx: Pick<Context, 'set'>): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Pragma', 'no-cache');
}
