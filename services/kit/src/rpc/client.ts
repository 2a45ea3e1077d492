import type { DescService } from '@bufbuild/protobuf';
import { createClient, type Client, type Interceptor, type Transport } from '@connectrpc/connect';
import { createConnectTransport, createGrpcTransport } from '@connectrpc/connect-node';
import { clientTracing } from '../telemetry/interceptors.js';
import { attachIdentity } from './identity/guard.js';
import { processIdentity, type CallerIdentity } from './identity/identity.js';

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
 * deadline.
 */
export function createPeerTransport(baseUrl: string, opts: TransportOptions = {}): Transport {
  const common = {
    baseUrl,
    httpVersion: '2' as const,
    interceptors: [
      clientTracing,
      attachIdentity(() => opts.identity ?? processIdentity()),
      ...(opts.interceptors ?? []),
    ],
    defaultTimeoutMs: opts.timeoutMs ?? 10_000,
    // keep one connection per peer warm; ping idle connections so a dead peer is noticed
    pingIntervalMs: 30_000,
    idleConnectionTimeoutMs: 5 * 60_000,
  };
  return opts.protocol === 'grpc'
    ? createGrpcTransport(common)
    : createConnectTransport({ ...common, useBinaryFormat: true });
}

/** A typed client for one service of a peer. */
export function createPeerClient<S extends DescService>(
  service: S,
  baseUrl: string,
  opts: TransportOptions = {},
): Client<S> {
  return createClient(service, createPeerTransport(baseUrl, opts));
}
