/**
 * The signed-in user's account page (issue 24; not in the spec, documented in the BFF README):
 * - `GET /api/account`: `{success, data: {username, email, show_username_on_pixels}}` (the e-mail
 *   only ever to its own user).
 * - `PUT /api/account/pixel-privacy` body `{show_username_on_pixels: boolean}`: whether pixel info
 *   names the user on the pixels they bought, or says "Anonymous"; answers as GET. Default: shown.
 */
import type Router from '@koa/router';
import type { AccountResponse, PixelPrivacyRequest } from '@tessera/api/account';
import type { User } from '@tessera/proto/tessera/identity/v1/identity_pb.js';
import type { BffDeps } from '../deps.js';
import { authOf, requireAuth } from '../auth/middleware.js';
import { noStore } from '../http/no-store.js';
import { bodyOf, onlyKeys } from '../http/params.js';
import { HttpError } from '../middleware/errors.js';

export const SHOW_USERNAME_FIELD = 'show_username_on_pixels' satisfies keyof PixelPrivacyRequest;

function accountJson(user: User | undefined): AccountResponse {
  if (!user || user.id === '') throw new Error('identity returned no user');
  return {
    success: true,
    data: {
      username: user.username === '' ? null : user.username,
      email: user.email,
      show_username_on_pixels: !user.pixelsAnonymous,
    },
  };
}

export function accountRoutes(router: Router, deps: BffDeps): void {
  const identity = deps.peers.identity;
  const auth = requireAuth(deps);

  router.get('/api/account', auth, async (ctx) => {
    noStore(ctx);
    ctx.body = accountJson((await identity.getUser({ userId: authOf(ctx).userId })).user);
  });

  router.put('/api/account/pixel-privacy', auth, async (ctx) => {
    noStore(ctx);
    const body = bodyOf(ctx);
    onlyKeys(body, [SHOW_USERNAME_FIELD]);
    const show = body[SHOW_USERNAME_FIELD];
    if (show === undefined || show === null)
      throw new HttpError('MISSING_FIELD', `${SHOW_USERNAME_FIELD} is required`, SHOW_USERNAME_FIELD);
    if (typeof show !== 'boolean')
      throw new HttpError(
        'VALIDATION_ERROR',
        `${SHOW_USERNAME_FIELD} must be true or false`,
        SHOW_USERNAME_FIELD,
      );
    const res = await identity.setPixelPrivacy({ userId: authOf(ctx).userId, pixelsAnonymous: !show });
    ctx.body = accountJson(res.user);
  });
}
