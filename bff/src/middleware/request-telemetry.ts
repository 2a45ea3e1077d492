/**
 * The first middleware of the app: one SERVER span and one access log line per request.
 *
 * The span replaces OpenTelemetry's HTTP and Koa auto-instrumentation (a span per request plus one
 * per middleware, emitter and context wrapping: about 145 us of CPU per request, more than half of a
 * cached read; loadtests/README.md). It continues the caller's W3C `traceparent` (and baggage) with
 * the globally registered propagator, is named `METHOD /route/template` once the router (or the
 * cached-read fast path) has matched (`METHOD` alone for anything else, as the semantic conventions
 * say), and carries the attributes that matter: method, route, status, path (never the query, which
 * may hold an access token), scheme, host, client and peer address, user agent, protocol version;
 * status ERROR and `error.type` for a 5xx. Its context is active for everything below, so the Connect
 * client interceptors' spans of downstream calls and every log line join the trace. The liveness and
 * readiness probes get no span (as the HTTP instrumentation was told before), and `/api/health`
 * runs untraced (no span, and none for the grpc.health.v1 checks it makes: 13 spans per call).
 *
 * The access log line (`request`: method, path, status, ms; the trace and span ids come from the
 * logger's mixin) is written through a child logger without the root logger's redaction paths: the
 * line holds no request data that could carry a secret, and redaction would walk each of its keys.
 */
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type TextMapGetter,
} from '@opentelemetry/api';
import { untraced } from '@tessera/kit';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

const tracer = trace.getTracer('@tessera/bff');

/** Reads W3C headers from Node's lower-cased header object (a repeated header: its first value). */
const headerGetter: TextMapGetter<Context['headers']> = {
  keys: (h) => Object.keys(h),
  get: (h, key) => {
    const v = h[key];
    return Array.isArray(v) ? v[0] : v;
  },
};

/** The route template the router matched (`/api/boards/:canvasIndex/:boardIndex/lock`), if any. */
export function matchedRoute(ctx: Context): string | undefined {
  const route: unknown = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  return typeof route === 'string' && route.startsWith('/') ? route : undefined;
}

/** Records the route template for the span (the fast path answers without the router). */
export function setMatchedRoute(ctx: Context, route: string): void {
  (ctx as { _matchedRoute?: string })._matchedRoute = route;
}

function finish(span: ReturnType<typeof tracer.startSpan>, ctx: Context, failed: unknown): void {
  const route = matchedRoute(ctx);
  const status = failed === undefined ? ctx.status : 500;
  if (span.isRecording()) {
    if (route) span.updateName(`${ctx.method} ${route}`);
    span.setAttributes({
      'http.request.method': ctx.method,
      'http.response.status_code': status,
      'url.path': ctx.path,
      'url.scheme': ctx.protocol,
      'server.address': ctx.hostname,
      'client.address': typeof ctx.state.clientIp === 'string' ? ctx.state.clientIp : undefined,
      'network.peer.address': ctx.socket.remoteAddress,
      'network.protocol.version': ctx.req.httpVersion,
      'user_agent.original': ctx.get('user-agent') || undefined,
      'http.route': route,
    });
    if (status >= 500) {
      span.setAttribute('error.type', String(status));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
  }
  span.end();
}

export function requestTelemetry(logger: Logger) {
  const access = accessLog(logger);
  const line = (ctx: Context, started: number, failed: unknown) =>
    access(ctx.method, ctx.path, failed === undefined ? ctx.status : 500, started);
  return function requestTelemetry(ctx: Context, next: Next) {
    const started = performance.now();
    if (PROBES.has(ctx.path)) return runThen(next, (failed) => line(ctx, started, failed));
    if (UNTRACED.has(ctx.path)) return untraced(() => runThen(next, (failed) => line(ctx, started, failed)));
    const parent = propagation.extract(ROOT_CONTEXT, ctx.headers, headerGetter);
    const span = tracer.startSpan(ctx.method, { kind: SpanKind.SERVER }, parent);
    // everything below, and the access line after it, run with the span active
    return context.with(trace.setSpan(parent, span), () =>
      runThen(next, (failed) => {
        finish(span, ctx, failed);
        line(ctx, started, failed);
      }),
    );
  };
}

/** Paths served without any span: the health summary (polled by monitors), logged as usual. */
const UNTRACED: ReadonlySet<string> = new Set(['/api/health']);

/** Liveness and readiness probes: no span (noise in every trace store), their line at trace level. */
const PROBES: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

/** Runs the rest of the chain, then `after` with what it threw (undefined when it did not); rethrows. */
async function runThen(next: Next, after: (failed: unknown) => void): Promise<void> {
  let failed: unknown;
  try {
    await next();
  } catch (err) {
    failed = err ?? new Error('thrown');
    throw err;
  } finally {
    after(failed);
  }
}

/** Writes the access line of one request: method, path, status, ms since `started`. */
export type AccessLine = (method: string, path: string, status: number, started: number) => void;

/**
 * The access lines, through a child logger without redaction (see above; level and mixin are
 * inherited): a probe's at trace level, a 5xx at error, the rest at info. Shared with the hot reads
 * answered before Koa (routes/hot-reads.ts).
 */
export function accessLog(logger: Logger): AccessLine {
  const access = logger.child({}, { redact: [] });
  return (method, path, status, started) => {
    const line = { method, path, status, ms: Math.round(performance.now() - started) };
    if (PROBES.has(path)) access.trace(line, 'request');
    else if (status >= 500) access.error(line, 'request');
    else access.info(line, 'request');
  };
}
