import http from 'node:http';
import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
import type KoaApplication from 'koa';
import Router from '@koa/router';
import { errorBody } from '@tessera/kit';
import type { BffDeps } from './deps.js';
import { apiNotFound } from './middleware/api-not-found.js';
import { compressResponses } from './middleware/compress.js';
import { errorMiddleware } from './middleware/errors.js';
import { jsonBody } from './middleware/json-body.js';
import { requestLogging } from './middleware/logging.js';
import { webApp } from './middleware/web-app.js';
import { ROUTE_MODULES, type RouteModule } from './routes/index.js';
import { proxyHeaders } from './hardening/proxy-headers.js';
import { securityHeaders } from './hardening/security-headers.js';

/**
 * Koa is loaded with `require`: OpenTelemetry's Koa instrumentation hooks `require`, so its
 * middleware and route spans need no ESM loader hook (which cost each process about 30 MB: a loader
 * thread, and a wrapper of every ES module; see @tessera/kit's telemetry/instrument.ts).
 */
const Koa = createRequire(import.meta.url)('koa') as typeof KoaApplication;

/** The BFF's Koa application: `/api` per spec section 7, probes, and the built SPA. */
export function createApp(deps: BffDeps, modules: RouteModule[] = ROUTE_MODULES): KoaApplication {
  const trust = deps.config.trustProxy;
  // X-Forwarded-* are read only from a trusted proxy (TRUST_PROXY); proxyHeaders drops them otherwise
  const app = new Koa({ proxy: trust.kind !== 'none', maxIpsCount: trust.kind === 'hops' ? trust.hops : 0 });
  app.silent = true; // errors are logged by errorMiddleware with context
  const router = new Router();
  for (const register of modules) register(router, deps);

  app.use(proxyHeaders(trust));
  app.use(requestLogging(deps.logger));
  app.use(compressResponses());
  app.use(errorMiddleware(deps.logger));
  app.use(securityHeaders({ publicUrl: deps.config.publicUrl }));
  app.use(jsonBody());
  app.use(router.routes());
  const allowedMethods = router.allowedMethods({ throw: false });
  Object.defineProperty(allowedMethods, 'name', { value: 'allowedMethods' }); // @koa/router leaves it unnamed
  app.use(allowedMethods);
  app.use(apiNotFound());
  app.use(webApp(deps.config.webDist));
  return app;
}

/**
 * The HTTP server for the app. Requests Node's parser refuses before Koa sees them (a URL or headers
 * over the 16 KiB limit, malformed HTTP, a request that took too long to arrive) also get the spec's
 * error body, instead of Node's bare status line.
 */
export function createHttpServer(app: KoaApplication): http.Server {
  const server = http.createServer(app.callback());
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: http.ServerResponse })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, message] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request URL or headers are too long']
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'The request took too long to arrive']
          : [400, 'The request is not valid HTTP'];
    const body = JSON.stringify(errorBody({ code: 'BAD_REQUEST', status, message, field: null }));
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}
