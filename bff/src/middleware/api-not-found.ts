import type { Context, Next } from 'koa';
import { HttpError } from './errors.js';

/** A path under /api that no route answered: 404 NOT_FOUND with the spec's error body (never the web app). */
export function apiNotFound() {
  return async function apiNotFound(ctx: Context, next: Next) {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      // the path is the caller's text: never echo more than a readable part of it
      const shown = ctx.path.length > 100 ? `${ctx.path.slice(0, 100)}...` : ctx.path;
      throw new HttpError('NOT_FOUND', `No API route for ${ctx.method} ${shown}`);
    }
    await next();
  };
}
