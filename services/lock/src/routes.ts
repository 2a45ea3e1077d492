import type { ConnectRouter } from '@connectrpc/connect';
import { LockService } from '@tessera/proto/tessera/lock/v1/lock_pb.js';

/**
 * The lock service's RPCs. Its behaviour is built by its own issue; until then every RPC of the
 * contract answers UNIMPLEMENTED (Connect's answer for a method without a handler), never a fake result.
 */
export function routes(router: ConnectRouter): void {
  router.service(LockService, {});
}

export const SERVICES = [LockService.typeName];
