/**
 * CSRF tokens (spec section 7): `GET /api/csrf/csrf-token` (public), `GET /api/csrf/csrf-token-secure`
 * (bearer) and `POST /api/csrf/refresh-csrf-token`, each `{success, data: {csrfToken, expires,
 * expiresIn}}` (`expires` ISO time, `expiresIn` seconds). The first call of a browser sets its
 * session-id cookie. `csrfGuard` installs the check of every state-changing call; it must stay the
 * first route module so it runs before any other module's handlers.
 */
import type Router from '@koa/router';
import type { CsrfTokenResponse } from '@tessera/api/auth';
import type { Context } from 'koa';
import type { BffDeps } from '../deps.js';
import { requireAuth } from '../auth/middleware.js';
import { noStore } from '../http/no-store.js';
import { csrfProtection } from '../csrf/protection.js';
import { issueCsrf } from '../csrf/session.js';

export function csrfGuard(router: Router, deps: BffDeps): void {
  router.use(csrfProtection(deps));
}

export function csrfRoutes(router: Router, deps: BffDeps): void {
  const send = (ctx: Context) => {
    noStore(ctx);
    const issued = issueCsrf(ctx, deps);
    ctx.body = {
      success: true,
      data: {
        csrfToken: issued.token,
        expires: new Date(issued.expiresAt).toISOString(),
        // rounded: the token was issued a moment ago, and a floor would say 3599 after a millisecond
        expiresIn: Math.round((issued.expiresAt - deps.now()) / 1000),
      },
    } satisfies CsrfTokenResponse;
  };
  router.get('/api/csrf/csrf-token', send);
  router.get('/api/csrf/csrf-token-secure', requireAuth(deps), send);
  router.post('/api/csrf/refresh-csrf-token', send);
}
