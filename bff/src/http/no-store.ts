/**
 * How a route says its answer must never be cached: by the browser, a proxy or an old HTTP/1.0
 * cache. Every answer with tokens, personal data or a state that changes by the second (health, lock
 * status) uses it, so each says it the same complete way.
 */
import type { Context } from 'koa';

export function noStore(ctx: Pick<Context, 'set'>): void {
  ctx.set('Cache-Control', 'no-store');
  // HTTP/1.0 caches know no Cache-Control
  ctx.set('Pragma', 'no-cache');
}
