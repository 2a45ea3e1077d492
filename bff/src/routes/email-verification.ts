/**
 * `/api/auth/email-verification` and `/api/auth/email-verification/confirm`: the signed-in user asks
 * for a 6-digit code mailed to their address, then confirms it (who may vote: a verified address or
 * a paid pixel, `@tessera/facts/eligibility`). Both sit behind the CSRF check (POST) and sign-in, and
 * are rate limited per address and per user like the other auth routes; identity keeps the code's
 * own limits (one a minute, five a day, five guesses).
 */
import type Router from '@koa/router';
import type { ConfirmEmailRequest, EmailVerificationResponse, MessageResponse } from '@tessera/api/auth';
import { VERIFICATION_MESSAGES, VERIFY_CODE_TTL_MINUTES } from '@tessera/facts/eligibility';
import type { BffDeps } from '../deps.js';
import { authField, FIELD_MAX } from '../auth/body.js';
import { clientIp } from '../auth/client-info.js';
import { authOf, requireAuth } from '../auth/middleware.js';
import { noStore } from '../http/no-store.js';
import { bodyOf } from '../http/params.js';
import { authRateLimiter, rateRule } from '../middleware/rate-limit.js';

/** Per address and per user (AUTH_RATE_LIMIT_SCALE applies, as to the other auth limits). */
export const VERIFICATION_RATE_LIMITS = {
  sendIp: rateRule('verify-send:ip', 30, 15),
  sendUser: rateRule('verify-send:user', 10, 15),
  confirmIp: rateRule('verify-confirm:ip', 60, 15),
  confirmUser: rateRule('verify-confirm:user', 20, 15),
} as const;
const RL = VERIFICATION_RATE_LIMITS;

/** The answer to a sent code: where it went and how long it lasts. */
export function codeSentMessage(email: string): string {
  return `We sent a 6-digit code to ${email}. It expires in ${VERIFY_CODE_TTL_MINUTES} minutes.`;
}

export function emailVerificationRoutes(router: Router, deps: BffDeps): void {
  const identity = deps.peers.identity;
  const limiter = authRateLimiter(deps);
  const auth = requireAuth(deps);

  router.post('/api/auth/email-verification', auth, async (ctx) => {
    noStore(ctx);
    const { userId } = authOf(ctx);
    await limiter.enforce(ctx, RL.sendIp, clientIp(ctx));
    await limiter.enforce(ctx, RL.sendUser, userId);
    const r = await identity.sendEmailVerification({ userId });
    ctx.body = {
      success: true,
      alreadyVerified: r.alreadyVerified,
      message: r.alreadyVerified ? VERIFICATION_MESSAGES.verified : codeSentMessage(r.email),
    } satisfies EmailVerificationResponse;
  });

  router.post('/api/auth/email-verification/confirm', auth, async (ctx) => {
    noStore(ctx);
    const { userId } = authOf(ctx);
    await limiter.enforce(ctx, RL.confirmIp, clientIp(ctx));
    const req: ConfirmEmailRequest = {
      code: authField(bodyOf(ctx), 'code', { max: FIELD_MAX.otp, invalid: 'VALIDATION_ERROR' }),
    };
    await limiter.enforce(ctx, RL.confirmUser, userId);
    await identity.confirmEmailVerification({ userId, ...req });
    ctx.body = { success: true, message: VERIFICATION_MESSAGES.verified } satisfies MessageResponse;
  });
}
