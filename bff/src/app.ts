import http from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import type { Duplex } from 'node:stream';
import Koa from 'koa';
import Router from '@koa/router';
import { errorBody } from '@tessera/kit';
import type { BffDeps } from './deps.js';
import { apiNotFound } from './middleware/api-not-found.js';
import { compressResponses } from './middleware/compress.js';
import { errorMiddleware } from './middleware/errors.js';
import { jsonBody } from './middleware/json-body.js';
import { requestTelemetry } from './middleware/request-telemetry.js';
import { requestMetrics } from './middleware/request-metrics.js';
import { webApp } from './middleware/web-app.js';
import { cachedReads } from './routes/cached-reads.js';
import { hotReads, type HotReads } from './routes/hot-reads.js';
import { ROUTE_MODULES, type RouteModule } from './routes/index.js';
import { proxyHeaders } from './hardening/proxy-headers.js';
import { securityHeaders } from './hardening/security-headers.js';

/**
 * Koa with the untraced cache hits of board pixels and composites answered before it
 * (routes/hot-reads.ts): its request listener (`callback()`, which `listen` and `createHttpServer` use)
 * tries them first, so every server of the app, tests' included, serves them the same way.
 */
class BffApp extends Koa {
  constructor(
    options: { proxy: boolean; maxIpsCount: number },
    private readonly hot: HotReads,
  ) {
    super(options);
  }

  override callback() {
    const handle = super.callback();
    const hot = this.hot;
    return (
      req: http.IncomingMessage | Http2ServerRequest,
      res: http.ServerResponse | Http2ServerResponse,
    ) =>
      req instanceof http.IncomingMessage && res instanceof http.ServerResponse && hot(req, res)
        ? Promise.resolve()
        : handle(req, res);
  }
}

/**
 * The BFF's Koa application: `/api` per spec section 7, probes, and the built SPA.
 *
 * Untraced cache hits are answered before Koa (`BffApp`). Order: the request's span and access line
 * (everything below runs in its trace), the trusted proxy headers, the security headers (on every
 * answer), then the cache-hit fast path of board pixels and composites (routes/cached-reads.ts), and
 * only then compression, the error body, the JSON body and the router with its CSRF layer, for
 * everything the fast path leaves alone.
 */
export function createApp(deps: BffDeps, modules: RouteModule[] = ROUTE_MODULES): Koa {
  const trust = deps.config.trustProxy;
  // X-Forwarded-* are read only from a trusted proxy (TRUST_PROXY); proxyHeaders drops them otherwise
  const app = new BffApp(
    { proxy: trust.kind !== 'none', maxIpsCount: trust.kind === 'hops' ? trust.hops : 0 },
    hotReads(deps),
  );
  app.silent = true; // errors are logged by errorMiddleware with context
  const router = new Router();
  for (const register of modules) register(router, deps);

  app.use(requestTelemetry(deps.logger));
  app.use(requestMetrics());
  app.use(proxyHeaders(trust));
  app.use(securityHeaders({ publicUrl: deps.config.publicUrl }));
  app.use(cachedReads(deps));
  app.use(compressResponses());
  app.use(errorMiddleware(deps.logger));
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
export function createHttpServer(app: Koa): http.Server {
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
