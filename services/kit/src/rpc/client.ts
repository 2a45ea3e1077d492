import type { DescService } from '@bufbuild/protobuf';
import { createClient, type Client, type Interceptor, type Transport } from '@connectrpc/connect';
import { createConnectTransport, createGrpcTransport, Http2SessionManager } from '@connectrpc/connect-node';
import { clientTracing } from '../telemetry/interceptors.js';
import { attachIdentity } from './identity/guard.js';
import { processIdentity, type CallerIdentity } from './identity/identity.js';
import { createUnaryTransport } from './unary-transport.js';

export interface TransportOptions {
  /** Deadline for calls that set none (milliseconds). */
  timeoutMs?: number;
  /** `connect` (binary Connect over HTTP/2, the faster one) or `grpc`. */
  protocol?: 'connect' | 'grpc';
  interceptors?: Interceptor[];
  /**
   * Whose service token the calls carry. Default: the process identity (set by `runService`, the
   * BFF's main and the ops CLI), read at each call; a process without one sends no token and is
   * refused by every guarded server.
   */
  identity?: CallerIdentity;
}

/**
 * A transport to a peer service over HTTP/2 with tracing, the caller's service token and a default
 * deadline. With Connect (the default), unary calls take the short path of unary-transport.ts and
 * streams connect-node's transport, both on one HTTP/2 connection.
 */
export function createPeerTransport(baseUrl: string, opts: TransportOptions = {}): Transport {
  const interceptors = [
    clientTracing,
    attachIdentity(() => opts.identity ?? processIdentity()),
    ...(opts.interceptors ?? []),
  ];
  const defaultTimeoutMs = opts.timeoutMs ?? 10_000;
  // keep one connection per peer warm; ping idle connections so a dead peer is noticed
  const keepAlive = { pingIntervalMs: 30_000, idleConnectionTimeoutMs: 5 * 60_000 };
  if (opts.protocol === 'grpc')
    return createGrpcTransport({ baseUrl, interceptors, defaultTimeoutMs, ...keepAlive });
  const sessionManager = new Http2SessionManager(baseUrl, keepAlive);
  const streams = createConnectTransport({
    baseUrl,
    httpVersion: '2',
    useBinaryFormat: true,
    sessionManager,
    interceptors,
    defaultTimeoutMs,
  });
  return createUnaryTransport({ baseUrl, sessionManager, interceptors, defaultTimeoutMs, streams });
}

/** A typed client for one service of a peer. */
export function createPeerClient<S extends DescService>(
  service: S,
  baseUrl: string,
  opts: TransportOptions = {},
): Client<S> {
  return createClient(service, createPeerTransport(baseUrl, opts));
}
