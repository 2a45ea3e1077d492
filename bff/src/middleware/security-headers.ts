import type { Context, Next } from 'koa';

/** Headers every answer carries: no MIME sniffing, no framing, a strict referrer policy. */
export function securityHeaders() {
  return async function securityHeaders(ctx: Context, next: Next) {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    await next();
  };
}
