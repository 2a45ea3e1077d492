/**
 * RED of every request the BFF answers (the kit's `tessera_http_request_duration_seconds`): method,
 * route template (the router's, or the cached-read fast path's; never the raw path, whose ids would
 * make a series per board), status. A request no route matched is `unmatched` under /api and
 * elsewhere `web` (the built app and its files). The event stream's duration is the stream's life.
 */
import type { Context, Next } from 'koa';
import { observeHttpRequest, secondsSince } from '@tessera/kit';
import { matchedRoute } from './request-telemetry.js';

const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function routeLabel(ctx: Context): string {
  const route = matchedRoute(ctx);
  if (route) return route;
  return ctx.path === '/api' || ctx.path.startsWith('/api/') ? 'unmatched' : 'web';
}

export function requestMetrics() {
  return async function requestMetrics(ctx: Context, next: Next): Promise<void> {
    const started = performance.now();
    let status = 500; // what a request that throws past the error middleware gets
    try {
      await next();
      status = ctx.status;
    } finally {
      const method = METHODS.has(ctx.method) ? ctx.method : 'other';
      observeHttpRequest(method, routeLabel(ctx), status, secondsSince(started));
    }
  };
}
