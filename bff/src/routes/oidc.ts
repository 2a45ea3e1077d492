/**
 * "Continue with Google" (any OpenID Connect provider):
 *
 * - `GET /api/auth/providers`: which sign-in providers are configured (an addition to the spec, so
 *   the web can say "not configured").
 * - `GET /api/auth/google`: 302 to the provider (PKCE S256, state, nonce bound to this browser);
 *   without configuration 302 to `/login?error=oauth_failed`.
 * - `GET /api/auth/google/callback`: verifies the answer, finds or creates the user (identity,
 *   keyed by issuer and subject), 302 to `/auth/callback?exchange_token=...` (one-time, 60 s); on
 *   any failure 302 to `/auth/callback?error=google_auth_failed` (the reason is logged).
 * - `POST /api/auth/oauth/exchange {exchange_token}`: the token response plus
 *   needs_username_selection, and the refresh cookie.
 *
 * The pages, parameters and error values of these redirects are `@tessera/facts/oauth`, which the web
 * app's callback and sign-in pages read.
 */
import type Router from '@koa/router';
import type { OAuthExchangeRequest, OAuthExchangeResponse, ProvidersResponse } from '@tessera/api/auth';
import type { Context } from 'koa';
import {
  CALLBACK_FAILED_URL,
  EXCHANGE_INVALID_MESSAGE,
  LOGIN_OAUTH_FAILED_URL,
  OAUTH_START_PATH,
  callbackWithToken,
} from '@tessera/facts/oauth';
import { authField, FIELD_MAX } from '../auth/body.js';
import { noStore } from '../http/no-store.js';
import { bodyOf } from '../http/params.js';
import { onPeerRefusal } from '../http/peer-refusal.js';
import { clientInfo, clientIp } from '../auth/client-info.js';
import { OIDC_FLOW_TTL_MS, oidcSignInFor } from '../auth/oidc.js';
import { beginSession } from '../auth/session.js';
import { tokenResponse } from '../auth/user.js';
import { cookieJar } from '../cookies.js';
import { serverOrigin } from '../csrf/origin.js';
import type { BffDeps } from '../deps.js';
import { HttpError } from '../middleware/errors.js';
import { AUTH_RATE_LIMITS as RL, authRateLimiter } from '../middleware/rate-limit.js';

export const OIDC_CALLBACK_PATH = '/api/auth/google/callback';

/** Where the provider sends the browser back: PUBLIC_URL's origin, else the one the request was sent to. */
export function redirectUriFor(
  ctx: Pick<Context, 'protocol' | 'host'>,
  publicUrl: string | undefined,
): string {
  const origin = publicUrl !== undefined ? new URL(publicUrl).origin : serverOrigin(ctx);
  if (origin === undefined) throw new Error('the request names no host to send the provider back to');
  return `${origin}${OIDC_CALLBACK_PATH}`;
}

export function oidcRoutes(router: Router, deps: BffDeps): void {
  const { config, logger, kv, peers } = deps;
  const limiter = authRateLimiter(deps);
  const settings = config.auth.oidc;
  const signIn = settings ? oidcSignInFor(settings, kv, logger, deps.now) : undefined;

  router.get('/api/auth/providers', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = {
      success: true,
      data: [{ id: 'google', name: 'Google', configured: signIn !== undefined, url: OAUTH_START_PATH }],
    } satisfies ProvidersResponse;
  });

  router.get(OAUTH_START_PATH, async (ctx) => {
    noStore(ctx);
    if (!signIn) {
      ctx.redirect(LOGIN_OAUTH_FAILED_URL);
      return;
    }
    const limit = await limiter.hit(RL.oidcIp, clientIp(ctx));
    if (!limit.allowed) {
      logger.info('google sign-in start refused: rate limit');
      ctx.redirect(CALLBACK_FAILED_URL);
      return;
    }
    try {
      const { url, flowId } = await signIn.start(redirectUriFor(ctx, config.publicUrl));
      cookieJar(ctx, config).set('oidc', flowId, OIDC_FLOW_TTL_MS / 1000);
      ctx.redirect(url);
    } catch (err) {
      logger.warn({ err }, 'google sign-in could not start');
      ctx.redirect(CALLBACK_FAILED_URL);
    }
  });

  router.get(OIDC_CALLBACK_PATH, async (ctx) => {
    noStore(ctx);
    const jar = cookieJar(ctx, config);
    const flowId = jar.get('oidc');
    jar.clear('oidc');
    if (!signIn) {
      ctx.redirect(LOGIN_OAUTH_FAILED_URL);
      return;
    }
    try {
      if (flowId === undefined) throw new Error('no sign-in binding cookie in this browser');
      if (ctx.querystring.length > 4096) throw new Error('callback query too long');
      const who = await signIn.finish(flowId, ctx.querystring);
      const res = await peers.identity.signInWithOidc({ ...who, client: clientInfo(ctx) });
      if (res.exchangeToken === '') throw new Error('identity returned no exchange token');
      ctx.redirect(callbackWithToken(res.exchangeToken));
    } catch (err) {
      logger.warn({ err: errorSummary(err) }, 'google sign-in failed');
      ctx.redirect(CALLBACK_FAILED_URL);
    }
  });

  router.post('/api/auth/oauth/exchange', async (ctx) => {
    noStore(ctx);
    await limiter.enforce(ctx, RL.oidcIp, clientIp(ctx));
    const req: OAuthExchangeRequest = {
      exchange_token: authField(bodyOf(ctx), 'exchange_token', {
        max: FIELD_MAX.exchangeToken,
        invalid: 'INVALID_TOKEN',
      }),
    };
    // used, expired, unknown or unreadable: one answer, so a guess learns nothing
    const res = await onPeerRefusal(
      peers.identity.redeemExchangeToken({ exchangeToken: req.exchange_token, client: clientInfo(ctx) }),
      () => new HttpError('INVALID_TOKEN', EXCHANGE_INVALID_MESSAGE),
    );
    const out = tokenResponse(res.session);
    beginSession(ctx, deps, res.session!);
    ctx.body = {
      success: true,
      access_token: out.access_token,
      expires_in: out.expires_in,
      token_type: out.token_type,
      needs_username_selection: res.needsUsernameSelection || out.user.needs_username_selection,
      user: out.user,
    } satisfies OAuthExchangeResponse;
  });
}

/** What to log about a failed sign-in: the error's name, code and message (never tokens). */
function errorSummary(err: unknown): Record<string, unknown> {
  if (err instanceof Error) {
    const e = err as Error & { code?: unknown; error?: unknown; error_description?: unknown };
    // the causes' messages and the name of a mismatching claim say why (never their values)
    const causes: string[] = [];
    let claim: string | undefined;
    let c: unknown = e.cause;
    for (let i = 0; i < 3 && typeof c === 'object' && c !== null; i++) {
      const x = c as { message?: unknown; claim?: unknown; cause?: unknown };
      if (typeof x.message === 'string') causes.push(x.message);
      if (claim === undefined && typeof x.claim === 'string') claim = x.claim;
      c = x.cause;
    }
    return {
      name: e.name,
      message: e.message,
      code: e.code,
      causes,
      claim,
      error: e.error,
      description: e.error_description,
    };
  }
  return { message: String(err) };
}
