import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

/** One JSON log line per request, with status and duration; trace ids come from the logger mixin. */
export function requestLogging(logger: Logger) {
  return async function requestLogging(ctx: Context, next: Next) {
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.round(performance.now() - started);
      const line = { method: ctx.method, path: ctx.path, status: ctx.status, ms };
      if (ctx.path === '/healthz' || ctx.path === '/readyz') logger.trace(line, 'request');
      else if (ctx.status >= 500) logger.error(line, 'request');
      else logger.info(line, 'request');
    }
  };
}
