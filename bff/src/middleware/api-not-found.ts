import type { Context, Next } from 'koa';
import { HttpError } from './errors.js';

/**
 * Paths a monitoring tool or a scanner asks for (`/metrics`, `/metrics/`, `/prometheus`, `/federate`,
 * `/actuator/prometheus`, ...): never the web app's HTML, which a scrape would take for success. The
 * metrics are on the metrics port (METRICS_PORT), not here.
 */
export const OPERATIONS_PATH = /^\/(?:metrics|prometheus|federate|actuator|stats|vars|debug)(?:[/.]|$)/i;

/**
 * A path under /api that no route answered, or an operations path: 404 NOT_FOUND with the spec's
 * error body (never the web app).
 */
export function apiNotFound() {
  return async function apiNotFound(ctx: Context, next: Next) {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/') || OPERATIONS_PATH.test(ctx.path)) {
      // the path is the caller's text: never echo more than a readable part of it
      const shown = ctx.path.length > 100 ? `${ctx.path.slice(0, 100)}...` : ctx.path;
      throw new HttpError('NOT_FOUND', `No API route for ${ctx.method} ${shown}`);
    }
    await next();
  };
}
