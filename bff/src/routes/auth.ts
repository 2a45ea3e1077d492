/**
 * `/api/auth/*` (spec section 7, "Security and auth"): e-mail sign-in and registration, sessions in
 * an HttpOnly refresh cookie, the current user, password reset and username choice (the OpenID
 * Connect routes are in oidc.ts). Every body field is checked for type and length here; identity
 * applies the account rules and answers with the spec's codes.
 */
import type Router from '@koa/router';
import type {
  LoginRequest,
  MessageResponse,
  RegisterRequest,
  ResetEmailRequest,
  ResetPasswordRequest,
  UpdateUsernameRequest,
} from '@tessera/api/auth';
import { RESET_MESSAGES, SESSION_MESSAGES } from '@tessera/facts/account';
import { classifyError, hasAppCode } from '@tessera/kit';
import type { BffDeps } from '../deps.js';
import { authField, FIELD_MAX } from '../auth/body.js';
import { noStore } from '../http/no-store.js';
import { bodyOf } from '../http/params.js';
import { onPeerRefusal } from '../http/peer-refusal.js';
import { clientInfo, clientIp } from '../auth/client-info.js';
import { authOf, requireAuth } from '../auth/middleware.js';
import { beginSession, endSession, refreshTokenOf, renewSession } from '../auth/session.js';
import { tokenResponse, userResponse } from '../auth/user.js';
import { HttpError } from '../middleware/errors.js';
import { AUTH_RATE_LIMITS as RL, authRateLimiter } from '../middleware/rate-limit.js';

export function authRoutes(router: Router, deps: BffDeps): void {
  const { peers, logger } = deps;
  const identity = peers.identity;
  const limiter = authRateLimiter(deps);
  const auth = requireAuth(deps);

  router.post('/api/auth/login', async (ctx) => {
    noStore(ctx);
    await limiter.enforce(ctx, RL.loginIp, clientIp(ctx));
    const body = bodyOf(ctx);
    const req: LoginRequest = {
      email: authField(body, 'email', { max: FIELD_MAX.email, invalid: 'INVALID_EMAIL' }),
      password: authField(body, 'password', { max: FIELD_MAX.password, invalid: 'INVALID_PASSWORD' }),
    };
    // per e-mail AND address: attempts from elsewhere never lock the owner out of their own address
    await limiter.enforce(ctx, RL.loginEmail, `${req.email}|${clientIp(ctx)}`);
    const res = await identity.login({ ...req, client: clientInfo(ctx) });
    const out = tokenResponse(res.session);
    beginSession(ctx, deps, res.session!);
    ctx.body = out;
  });

  router.post('/api/auth/register', async (ctx) => {
    noStore(ctx);
    await limiter.enforce(ctx, RL.registerIp, clientIp(ctx));
    const body = bodyOf(ctx);
    const req: RegisterRequest = {
      username: authField(body, 'username', { max: FIELD_MAX.username, invalid: 'INVALID_USERNAME' }),
      email: authField(body, 'email', { max: FIELD_MAX.email, invalid: 'INVALID_EMAIL' }),
      password: authField(body, 'password', { max: FIELD_MAX.password, invalid: 'INVALID_PASSWORD' }),
    };
    await limiter.enforce(ctx, RL.registerEmail, req.email);
    const res = await identity.register({ ...req, client: clientInfo(ctx) });
    const out = tokenResponse(res.session);
    beginSession(ctx, deps, res.session!);
    ctx.status = 201;
    ctx.body = out;
  });

  router.post('/api/auth/refresh-cookie', async (ctx) => {
    noStore(ctx);
    await limiter.enforce(ctx, RL.refreshIp, clientIp(ctx));
    const refreshToken = refreshTokenOf(ctx, deps);
    if (refreshToken === undefined) {
      endSession(ctx, deps);
      throw new HttpError('REFRESH_TOKEN_INVALID', 'No active session. Please sign in again.');
    }
    const res = await onPeerRefusal(identity.refresh({ refreshToken, client: clientInfo(ctx) }), (err) => {
      // reused, revoked, expired, unknown or unreadable: this browser's session is over
      endSession(ctx, deps);
      return hasAppCode(err, 'REFRESH_TOKEN_EXPIRED')
        ? err
        : new HttpError('REFRESH_TOKEN_INVALID', SESSION_MESSAGES.ended);
    });
    const out = tokenResponse(res.session);
    renewSession(ctx, deps, res.session!); // same user, same session id: only the refresh cookie rotates
    ctx.body = out;
  });

  router.post('/api/auth/logout', async (ctx) => {
    noStore(ctx);
    const refreshToken = refreshTokenOf(ctx, deps);
    if (refreshToken !== undefined) {
      try {
        await identity.logout({ refreshToken });
      } catch (err) {
        // an unknown or already revoked token: nothing left to revoke; the cookie goes anyway
        logger.info({ code: classifyError(err).code }, 'logout: refresh token not revoked');
      }
    }
    endSession(ctx, deps);
    ctx.body = { success: true, message: 'Logged out successfully' } satisfies MessageResponse;
  });

  router.get('/api/auth/me', auth, async (ctx) => {
    noStore(ctx);
    const res = await identity.getUser({ userId: authOf(ctx).userId });
    ctx.body = userResponse(res.user);
  });

  router.patch('/api/auth/update-username', auth, async (ctx) => {
    noStore(ctx);
    const req: UpdateUsernameRequest = {
      username: authField(bodyOf(ctx), 'username', { max: FIELD_MAX.username, invalid: 'INVALID_USERNAME' }),
    };
    const res = await identity.updateUsername({ userId: authOf(ctx).userId, ...req });
    ctx.body = userResponse(res.user);
  });

  router.post('/api/auth/reset-password-email', async (ctx) => {
    noStore(ctx);
    await limiter.enforce(ctx, RL.resetEmailIp, clientIp(ctx));
    const req: ResetEmailRequest = {
      email: authField(bodyOf(ctx), 'email', { max: FIELD_MAX.email, invalid: 'INVALID_EMAIL' }),
    };
    await limiter.enforce(ctx, RL.resetEmailEmail, req.email);
    await identity.requestPasswordReset({ ...req, client: clientInfo(ctx) });
    ctx.body = { success: true, message: RESET_MESSAGES.codeSent } satisfies MessageResponse;
  });

  router.post('/api/auth/reset-password-logic', async (ctx) => {
    noStore(ctx);
    await limiter.enforce(ctx, RL.resetLogicIp, clientIp(ctx));
    const body = bodyOf(ctx);
    const req: ResetPasswordRequest = {
      email: authField(body, 'email', { max: FIELD_MAX.email, invalid: 'INVALID_EMAIL' }),
      otp: authField(body, 'otp', { max: FIELD_MAX.otp, invalid: 'INVALID_OTP' }),
      newPassword: authField(body, 'newPassword', { max: FIELD_MAX.password, invalid: 'INVALID_PASSWORD' }),
    };
    await limiter.enforce(ctx, RL.resetLogicEmail, req.email);
    await identity.resetPassword({ ...req, client: clientInfo(ctx) });
    ctx.body = { success: true, message: RESET_MESSAGES.passwordReset } satisfies MessageResponse;
  });
}
