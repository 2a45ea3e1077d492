/**
 * CSRF protection of every state-changing call (POST, PUT, PATCH, DELETE):
 *
 * 1. Origin: a browser's `Origin` must be this server's own origin or PUBLIC_URL's, and
 *    `Sec-Fetch-Site: cross-site` is refused (see origin.ts).
 * 2. Token: `X-CSRF-Token` must be a valid, unexpired token bound to this browser's session-id
 *    cookie (token.ts, session.ts). Requests with neither browser header (curl, k6) pass only this way.
 *
 * The header, the methods and the call the web app sends without a token are
 * `@tessera/facts/http`, the web client's rule too. The other exemptions are explicit, below. Failures answer 403 CSRF_INVALID with a message mentioning CSRF
 * (the web client then fetches a new token and retries once).
 */
import type { Context, Middleware, Next } from 'koa';
import { UPLOAD_PATH } from '@tessera/facts/artwork';
import { ANONYMOUS_CALLS, API_BASE, CSRF_HEADER, callKey, isStateChanging } from '@tessera/facts/http';
import type { BffDeps } from '../deps.js';
import { HttpError } from '../middleware/errors.js';
import { sessionKeysFor } from './keys.js';
import { checkOrigin, originOf, serverOrigin } from './origin.js';
import { sessionIdOf } from './session.js';
import { csrfVerifier } from './token.js';

/**
 * No CSRF token, but the Origin check applies: the web app's anonymous calls (the reset-email call:
 * spec section 7 sends neither CSRF nor auth; it reveals nothing and is rate-limited), the token refresh itself (its answer is
 * readable by our own pages only, and a stale token must not lock a page out), and the artist
 * image upload (spec section 7: a direct multipart POST with no auth; its signed form fields are the
 * credential, checked by the submission service).
 */
export const CSRF_TOKEN_EXEMPT: ReadonlySet<string> = new Set([
  ...ANONYMOUS_CALLS.map((call) => callKey(call.method, `${API_BASE}${call.path}`)),
  'POST /api/csrf/refresh-csrf-token',
  `POST ${UPLOAD_PATH}`,
]);

/** Neither token nor Origin check: server-to-server calls authenticated by their own signature. */
export const CSRF_FULLY_EXEMPT: ReadonlySet<string> = new Set(['POST /api/payments/webhook']);

/** This server's origin(s): the one the request was addressed to and PUBLIC_URL's. */
export function allowedOrigins(
  ctx: Pick<Context, 'protocol' | 'host'>,
  publicUrl: string | undefined,
): Set<string> {
  const set = new Set<string>();
  const own = serverOrigin(ctx);
  if (own) set.add(own);
  const pub = publicUrl ? originOf(publicUrl) : undefined;
  if (pub) set.add(pub);
  return set;
}

export function csrfProtection(deps: Pick<BffDeps, 'config' | 'logger' | 'now'>): Middleware {
  const verifiers = new WeakMap<Uint8Array, ReturnType<typeof csrfVerifier>>();
  const verifierOf = (key: Uint8Array) => {
    let v = verifiers.get(key);
    if (!v) verifiers.set(key, (v = csrfVerifier(key)));
    return v;
  };
  return async function csrfProtection(ctx: Context, next: Next) {
    if (!isStateChanging(ctx.method)) return next();
    const key = callKey(ctx.method, ctx.path);
    if (CSRF_FULLY_EXEMPT.has(key)) return next();
    const origin = checkOrigin(
      { origin: ctx.get('origin') || undefined, secFetchSite: ctx.get('sec-fetch-site') || undefined },
      allowedOrigins(ctx, deps.config.publicUrl),
    );
    if (!origin.ok) {
      deps.logger.info({ path: ctx.path, reason: origin.reason }, 'refused by CSRF origin check');
      throw new HttpError('CSRF_INVALID', 'Cross-site request refused (CSRF protection)');
    }
    if (CSRF_TOKEN_EXEMPT.has(key)) return next();
    const header = ctx.get(CSRF_HEADER);
    const sid = sessionIdOf(ctx, deps);
    const keys = sessionKeysFor(deps.config.auth, deps.logger);
    const check = verifierOf(keys.csrf)(sid, header === '' ? undefined : header, deps.now());
    if (check !== 'ok') {
      deps.logger.info(
        { path: ctx.path, check, hasSession: sid !== undefined },
        'refused by CSRF token check',
      );
      throw new HttpError(
        'CSRF_INVALID',
        check === 'missing' ? 'Missing CSRF token' : 'Invalid or expired CSRF token',
      );
    }
    return next();
  };
}
