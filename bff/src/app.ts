import Koa from 'koa';
import Router from '@koa/router';
import { errorMiddleware, HttpError } from './middleware/errors.js';
import { jsonBody } from './middleware/json-body.js';
import { requestLogging } from './middleware/logging.js';
import { ROUTE_MODULES, type RouteModule } from './routes/index.js';
import { webApp } from './static.js';
import type { BffDeps } from './deps.js';

/** The BFF's Koa application: `/api` per spec section 7, probes, and the built SPA. */
export function createApp(deps: BffDeps, modules: RouteModule[] = ROUTE_MODULES): Koa {
  const app = new Koa({ proxy: true });
  app.silent = true; // errors are logged by errorMiddleware with context
  const router = new Router();
  for (const register of modules) register(router, deps);

  app.use(requestLogging(deps.logger));
  app.use(errorMiddleware(deps.logger));
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    await next();
  });
  app.use(jsonBody());
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      throw new HttpError('NOT_FOUND', `No API route for ${ctx.method} ${ctx.path}`);
    }
    await next();
  });
  app.use(webApp(deps.config.webDist));
  return app;
}
