/** The browser side of a session: the refresh-token cookie, and a new session id on sign-in and sign-out. */
import type { Context } from 'koa';
import type { Session } from '@tessera/proto/tessera/identity/v1/identity_pb.js';
import type { BffDeps } from '../deps.js';
import { cookieJar } from '../cookies.js';
import { rotateSessionId } from '../csrf/session.js';

type Deps = Pick<BffDeps, 'config' | 'now'>;

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
  rotateSessionId(ctx, deps);
}

/** Clears the refresh cookie and starts a new session id. */
export function endSession(ctx: Context, deps: Pick<BffDeps, 'config'>): void {
  cookieJar(ctx, deps.config).clear('refresh');
  rotateSessionId(ctx, deps);
}

/** The refresh token from the cookie, if any. */
export function refreshTokenOf(ctx: Context, deps: Pick<BffDeps, 'config'>): string | undefined {
  return cookieJar(ctx, deps.config).get('refresh');
}
