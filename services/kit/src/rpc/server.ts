import { setMaxListeners } from 'node:events';
import http2 from 'node:http2';
import type { ConnectRouter, Interceptor } from '@connectrpc/connect';
import { Code, ConnectError } from '@connectrpc/connect';
import { connectNodeAdapter } from '@connectrpc/connect-node';
import type { Logger } from 'pino';
import { trace } from '@opentelemetry/api';
import { settleWithin } from '../async/settle-within.js';
import { serverTracing } from '../telemetry/interceptors.js';
import { rpcServerMetrics } from '../metrics/rpc.js';
import { listenOn } from '../http/listen.js';
import {
  classifyError,
  localRefusalReason,
  withoutPeerHeaders,
  GENERIC_MESSAGE,
  REFUSED_HEADER,
} from '../errors/app-error.js';
import { HealthState, ServingStatus } from './health.js';
import { CALLER, requireCaller, type RpcTrust } from './identity/guard.js';
import { UnaryHandler } from './unary-handler.js';

export interface RpcServerOptions {
  name: string;
  host: string;
  port: number;
  logger: Logger;
  /** Registers the service implementations: `(router) => router.service(...)`. */
  routes: (router: ConnectRouter) => void;
  /** Fully qualified names of the services `routes` registers, for per-service health. */
  services?: string[];
  health?: HealthState;
  /** Upper bound for a deadline a client may ask for. */
  maxTimeoutMs?: number;
  /**
   * Who may call what: every call (but grpc.health.v1) must carry a valid service token of a caller
   * that `trust` allows for the method. `runService` always passes one (from SERVICE_JWKS and the
   * trust table). Without it the server answers any caller: only tests and in-process test doubles
   * start servers that way.
   */
  trust?: RpcTrust;
}

export interface RpcServer {
  url: string;
  port: number;
  health: HealthState;
  /** Number of unary calls in progress. */
  inflight(): number;
  /**
   * Graceful stop: health goes NOT_SERVING, no new connections or calls are accepted, in-flight
   * unary calls may finish within `graceMs`, then streams are cancelled and connections closed.
   */
  close(graceMs?: number): Promise<void>;
}

/** Logs every call and turns unexpected failures into an Internal error that leaks nothing. */
function callLogging(logger: Logger): Interceptor {
  return (next) => async (req) => {
    const started = performance.now();
    const rpc = `${req.service.typeName}/${req.method.name}`;
    try {
      const res = await next(req);
      logger.debug({ rpc, ms: Math.round(performance.now() - started) }, 'rpc ok');
      return res;
    } catch (err) {
      const ms = Math.round(performance.now() - started);
      const refusal = localRefusalReason(err);
      if (refusal !== undefined) {
        // refused by the handler for its caller's identity (the broker, per subject): the caller
        // gets the refusal itself
        const caller = req.contextValues.get(CALLER) ?? null;
        logger.warn({ rpc, ms, caller, reason: refusal }, `rpc refused: ${refusal}`);
        trace
          .getActiveSpan()
          ?.setAttribute('tessera.refused', ConnectError.from(err).metadata.get(REFUSED_HEADER) ?? '');
        throw err;
      }
      const c = classifyError(err);
      // what is passed on may be a peer's answer: only its code, message and application code go out
      if (c.expected) {
        logger.info({ rpc, ms, code: c.code, status: c.status }, `rpc failed: ${c.message}`);
        throw withoutPeerHeaders(err);
      }
      if (err instanceof ConnectError && err.code === Code.Canceled) throw withoutPeerHeaders(err);
      if (err instanceof ConnectError && err.code === Code.DeadlineExceeded) {
        logger.warn({ rpc, ms }, 'rpc deadline exceeded');
        throw withoutPeerHeaders(err);
      }
      logger.error({ rpc, ms, err }, 'rpc failed unexpectedly');
      throw new ConnectError(GENERIC_MESSAGE, Code.Internal);
    }
  };
}

export async function startRpcServer(opts: RpcServerOptions): Promise<RpcServer> {
  const health = opts.health ?? new HealthState();
  const shutdown = new AbortController();
  // Connect links every in-flight call to this signal (one listener each, removed when the call
  // ends): many concurrent calls are normal, not a leak, so Node's 10-listener warning is off.
  setMaxListeners(0, shutdown.signal);
  let unary = 0;
  let drained: (() => void) | undefined;
  let closing = false;

  const counting: Interceptor = (next) => async (req) => {
    if (req.stream) return next(req);
    if (closing) throw new ConnectError('server is shutting down', Code.Unavailable);
    unary++;
    try {
      return await next(req);
    } finally {
      unary--;
      if (unary === 0) drained?.();
    }
  };

  // The identity guard sits outside the call logging: a refusal reaches the caller as
  // unauthenticated / permission_denied (logged by the guard), never turned into internal.
  // The metrics outermost: they count the code the caller gets.
  const interceptors = [
    rpcServerMetrics,
    serverTracing,
    ...(opts.trust ? [requireCaller(opts.trust, opts.logger)] : []),
    callLogging(opts.logger),
    counting,
  ];
  const maxTimeoutMs = opts.maxTimeoutMs ?? 60_000;
  // binary unary calls take the short path (unary-handler.ts); the adapter serves everything else
  const shortPath = new UnaryHandler({ interceptors, shutdownSignal: shutdown.signal, maxTimeoutMs });
  const adapter = connectNodeAdapter({
    routes: (router) => {
      const recording = shortPath.recording(router);
      health.routes(recording);
      opts.routes(recording);
    },
    interceptors,
    shutdownSignal: shutdown.signal,
    maxTimeoutMs,
  });

  const server = http2.createServer({}, (req, res) => {
    if (!shortPath.handle(req, res)) adapter(req, res);
  });
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (s) => {
    sessions.add(s);
    s.on('close', () => sessions.delete(s));
    s.on('error', (err) => opts.logger.debug({ err }, 'http2 session error'));
  });
  server.on('error', (err) => opts.logger.error({ err }, 'rpc server error'));

  const { port, host } = await listenOn(server, opts.port, opts.host);
  for (const s of opts.services ?? []) health.set(s, ServingStatus.SERVING);
  health.set('', ServingStatus.SERVING);

  return {
    url: `http://${host}:${port}`,
    port,
    health,
    inflight: () => unary,
    async close(graceMs = 4000) {
      if (closing) return;
      closing = true;
      health.setAll(ServingStatus.NOT_SERVING);
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sessions) s.close(); // GOAWAY: open streams may finish, no new ones
      if (unary > 0) await settleWithin(new Promise<void>((resolve) => (drained = resolve)), graceMs);
      shutdown.abort(); // cancels streams (health Watch) and anything past the grace period
      const force = setTimeout(() => {
        for (const s of sessions) s.destroy();
      }, 250);
      force.unref();
      await stopped;
      clearTimeout(force);
    },
  };
}
