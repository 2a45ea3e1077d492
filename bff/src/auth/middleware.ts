/**
 * Bearer authentication for route modules:
 *
 * ```ts
 * router.get('/api/boards/my-locks', requireAuth(deps), async (ctx) => { const { userId } = authOf(ctx); ... });
 * router.get('/api/artist-selection/submissions', optionalAuth(deps), async (ctx) => { getAuth(ctx)?.userId });
 * ```
 *
 * `requireAuth` answers 401 TOKEN_EXPIRED (expired token), INVALID_TOKEN (bad token, or one whose
 * session has ended: session-guard.ts) or UNAUTHORIZED ("Authentication required", no token).
 * `optionalAuth` never refuses: a stale or bad token is ignored and the request proceeds anonymously
 * (spec section 4).
 */
import type { Context, Middleware, Next } from 'koa';
import { SESSION_MESSAGES } from '@tessera/facts/account';
import type { BffDeps } from '../deps.js';
import { HttpError } from '../middleware/errors.js';
import type { Peers } from '../peers.js';
import { SessionGuard } from './session-guard.js';
import { parseSigningKeys, TokenVerifier, type AuthContext, type VerifyResult } from './token-verifier.js';

const verifiers = new WeakMap<Peers, TokenVerifier>();
const guards = new WeakMap<Peers, SessionGuard>();

/** What verifying an access token needs: the keys and sessions (identity) and the revocation events. */
export type AuthDeps = Pick<BffDeps, 'peers' | 'now' | 'bus' | 'logger' | 'config'>;

/** The one verifier of this app (shared by every route module built on the same peers). */
export function tokenVerifierFor(deps: Pick<BffDeps, 'peers' | 'now'>): TokenVerifier {
  let v = verifiers.get(deps.peers);
  if (!v) {
    const identity = deps.peers.identity;
    v = new TokenVerifier({
      now: deps.now,
      fetchKeys: async () => parseSigningKeys(await identity.getSigningKeys({})),
    });
    verifiers.set(deps.peers, v);
  }
  return v;
}

/**
 * The one session guard of this app; created (and subscribed to tessera.session.revoked) when the
 * first route module asks for it at registration, so revocations are heard from the start.
 */
export function sessionGuardFor(deps: AuthDeps): SessionGuard {
  let g = guards.get(deps.peers);
  if (!g) {
    const identity = deps.peers.identity;
    g = new SessionGuard({
      checkSession: async (sessionId) => (await identity.getSessionStatus({ sessionId })).active,
      checkTtlMs: deps.config.auth.sessionCheckMs,
      now: deps.now,
      logger: deps.logger,
    });
    guards.set(deps.peers, g);
    void g.subscribe(deps.bus);
  }
  return g;
}

/**
 * Verifies an access token: signature, issuer, audience and expiry (TokenVerifier), then that its
 * session is still live (SessionGuard). Rejects only when identity cannot be reached.
 */
export async function verifyAccessToken(deps: AuthDeps, token: string): Promise<VerifyResult> {
  const result = await tokenVerifierFor(deps).verify(token);
  if (!result.ok) return result;
  const sessionId = result.auth.sessionId;
  if (sessionId === undefined) return { ok: false, code: 'INVALID_TOKEN', reason: 'token names no session' };
  if (!(await sessionGuardFor(deps).isActive(sessionId))) {
    return { ok: false, code: 'INVALID_TOKEN', reason: 'session ended' };
  }
  return result;
}

/** The bearer token of the request; undefined when there is no `Authorization: Bearer` header. */
export function bearerToken(ctx: Pick<Context, 'get'>): string | undefined {
  const header = ctx.get('authorization');
  const m = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
  if (!m) return undefined;
  return (m[1] ?? '').trim();
}

const RESULT = Symbol('tessera.authResult');

type AuthState = { auth?: AuthContext; [RESULT]?: Promise<VerifyResult | null> };

/** Verifies the request's bearer token once per request (null: no token). */
export function authenticate(ctx: Context, deps: AuthDeps): Promise<VerifyResult | null> {
  const state = ctx.state as AuthState;
  let pending = state[RESULT];
  if (!pending) {
    const token = bearerToken(ctx);
    pending = token === undefined ? Promise.resolve(null) : verifyAccessToken(deps, token);
    state[RESULT] = pending;
  }
  return pending;
}

/** The caller when a valid bearer token was presented (after requireAuth or optionalAuth). */
export function getAuth(ctx: Context): AuthContext | null {
  return (ctx.state as AuthState).auth ?? null;
}

/** The caller of a route behind requireAuth (throws UNAUTHORIZED when used elsewhere by mistake). */
export function authOf(ctx: Context): AuthContext {
  const auth = getAuth(ctx);
  if (!auth) throw new HttpError('UNAUTHORIZED', 'Authentication required');
  return auth;
}

const FAILURE_MESSAGES = {
  TOKEN_EXPIRED: SESSION_MESSAGES.expired,
  INVALID_TOKEN: 'Your session is no longer valid. Please sign in again.',
} as const;

/** Refuses the request unless it carries a valid access token; sets `ctx.state.auth`. */
export function requireAuth(deps: AuthDeps): Middleware {
  sessionGuardFor(deps);
  return async function requireAuth(ctx: Context, next: Next) {
    let result: VerifyResult | null;
    try {
      result = await authenticate(ctx, deps);
    } catch (err) {
      deps.logger.warn({ err }, 'cannot load signing keys or check the session with identity');
      throw new HttpError(
        'SERVICE_UNAVAILABLE',
        'Sign-in is temporarily unavailable. Please try again in a moment.',
      );
    }
    if (result === null) {
      ctx.set('WWW-Authenticate', 'Bearer');
      throw new HttpError('UNAUTHORIZED', 'Authentication required');
    }
    if (!result.ok) {
      ctx.set('WWW-Authenticate', 'Bearer error="invalid_token"');
      throw new HttpError(result.code, FAILURE_MESSAGES[result.code]);
    }
    (ctx.state as AuthState).auth = result.auth;
    await next();
  };
}

/** Sets `ctx.state.auth` when a valid token is present; otherwise the request stays anonymous. */
export function optionalAuth(deps: AuthDeps): Middleware {
  sessionGuardFor(deps);
  return async function optionalAuth(ctx: Context, next: Next) {
    try {
      const result = await authenticate(ctx, deps);
      if (result?.ok) (ctx.state as AuthState).auth = result.auth;
    } catch (err) {
      deps.logger.warn({ err }, 'cannot load signing keys from identity; continuing anonymously');
    }
    await next();
  };
}
