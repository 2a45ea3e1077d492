import type Router from '@koa/router';
import { ConnectError } from '@connectrpc/connect';
import { PEERS, type PeerName } from '@tessera/kit';
import { HealthCheckResponse_ServingStatus as ServingStatus } from '@tessera/proto/grpc/health/v1/health_pb.js';
import type { Peers } from '../peers.js';
import type { BffDeps } from '../deps.js';
import { noStore } from '../http/no-store.js';

/** A health check answers fast or counts as unreachable. */
const HEALTH_TIMEOUT_MS = 2000;

export type PeerHealth = 'SERVING' | 'NOT_SERVING' | 'UNKNOWN' | 'UNREACHABLE';

export async function checkPeers(peers: Peers): Promise<Record<PeerName, PeerHealth>> {
  const results = await Promise.all(
    PEERS.map(async (p): Promise<[PeerName, PeerHealth]> => {
      try {
        const res = await peers.health[p].check({ service: '' }, { timeoutMs: HEALTH_TIMEOUT_MS });
        return [p, (ServingStatus[res.status] as PeerHealth | undefined) ?? 'UNKNOWN'];
      } catch (err) {
        return [p, err instanceof ConnectError && err.code !== 14 ? 'UNKNOWN' : 'UNREACHABLE'];
      }
    }),
  );
  return Object.fromEntries(results) as Record<PeerName, PeerHealth>;
}

/**
 * `GET /api/health`: each service's grpc.health.v1 status; 200 when all serve, 503 otherwise.
 * `GET /healthz` (liveness) and `GET /readyz` (readiness: not shutting down) for probes.
 */
export function healthRoutes(router: Router, { peers, isShuttingDown }: BffDeps): void {
  router.get('/api/health', async (ctx) => {
    const services = await checkPeers(peers);
    const serving = Object.values(services).every((s) => s === 'SERVING');
    ctx.status = serving ? 200 : 503;
    noStore(ctx);
    ctx.body = {
      success: serving,
      status: serving ? 'ok' : 'degraded',
      services,
      timestamp: new Date().toISOString(),
    };
  });
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', (ctx) => {
    const ready = !isShuttingDown();
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'shutting down' };
  });
}
