import { createClient, type Client } from '@connectrpc/connect';
import { createPeerTransport, PEERS, type PeerName } from '@tessera/kit';
import { Health } from '@tessera/proto/grpc/health/v1/health_pb.js';
import { IdentityService } from '@tessera/proto/tessera/identity/v1/identity_pb.js';
import { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { LockService } from '@tessera/proto/tessera/lock/v1/lock_pb.js';
import { PaymentService } from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import { RendererService } from '@tessera/proto/tessera/renderer/v1/renderer_pb.js';
import { SubmissionService } from '@tessera/proto/tessera/submission/v1/submission_pb.js';

/**
 * Typed clients for the six services, found by URL (IDENTITY_URL, CANVAS_URL, ...). One HTTP/2
 * connection per peer carries every call, with tracing and a default deadline (kit's client).
 */
export interface Peers {
  health: Record<PeerName, Client<typeof Health>>;
  identity: Client<typeof IdentityService>;
  canvas: Client<typeof CanvasService>;
  lock: Client<typeof LockService>;
  payment: Client<typeof PaymentService>;
  renderer: Client<typeof RendererService>;
  submission: Client<typeof SubmissionService>;
}

export function createPeers(urls: Record<PeerName, string>, timeoutMs: number): Peers {
  const transports = Object.fromEntries(
    PEERS.map((p) => [p, createPeerTransport(urls[p], { timeoutMs })]),
  ) as Record<PeerName, ReturnType<typeof createPeerTransport>>;
  const health = Object.fromEntries(PEERS.map((p) => [p, createClient(Health, transports[p])])) as Record<
    PeerName,
    Client<typeof Health>
  >;
  return {
    health,
    identity: createClient(IdentityService, transports.identity),
    canvas: createClient(CanvasService, transports.canvas),
    lock: createClient(LockService, transports.lock),
    payment: createClient(PaymentService, transports.payment),
    renderer: createClient(RendererService, transports.renderer),
    submission: createClient(SubmissionService, transports.submission),
  };
}
