import type { ConnectRouter } from '@connectrpc/connect';
import { Code, ConnectError } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import {
  Health,
  HealthCheckResponseSchema,
  HealthCheckResponse_ServingStatus as ServingStatus,
} from '@tessera/proto/grpc/health/v1/health_pb.js';

export { ServingStatus };

/**
 * The standard grpc.health.v1 service. The empty service name stands for the whole process; each
 * registered service has its own status. Kubernetes gRPC probes call Check.
 */
export class HealthState {
  private readonly statuses = new Map<string, ServingStatus>([['', ServingStatus.NOT_SERVING]]);
  private readonly watchers = new Set<() => void>();

  set(service: string, status: ServingStatus): void {
    this.statuses.set(service, status);
    for (const w of this.watchers) w();
  }

  /** Sets every known service (and the process) to one status. */
  setAll(status: ServingStatus): void {
    for (const key of this.statuses.keys()) this.statuses.set(key, status);
    for (const w of this.watchers) w();
  }

  get(service: string): ServingStatus | undefined {
    return this.statuses.get(service);
  }

  routes(router: ConnectRouter): void {
    router.service(Health, {
      check: (req) => {
        const status = this.get(req.service);
        if (status === undefined) throw new ConnectError(`unknown service ${req.service}`, Code.NotFound);
        return create(HealthCheckResponseSchema, { status });
      },
      watch: (req, ctx) => this.watch(req.service, ctx.signal),
    });
  }

  /** Streams the status whenever it changes, until the caller goes away. */
  private async *watch(service: string, signal: AbortSignal) {
    let last: ServingStatus | undefined;
    while (!signal.aborted) {
      const status = this.get(service) ?? ServingStatus.SERVICE_UNKNOWN;
      if (status !== last) {
        last = status;
        yield create(HealthCheckResponseSchema, { status });
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          this.watchers.delete(done);
          signal.removeEventListener('abort', done);
          resolve();
        };
        this.watchers.add(done);
        signal.addEventListener('abort', done);
      });
    }
  }
}
