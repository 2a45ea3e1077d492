import type { ConnectRouter } from '@connectrpc/connect';
import { LockService as LockServiceDescriptor } from '@tessera/proto/tessera/lock/v1/lock_pb.js';
import type { LockService } from './service/lock-service.js';
import { toConflictType, toLock, toOptionalLock as optional } from './service/mappers.js';

export const SERVICES = [LockServiceDescriptor.typeName];

/** Every RPC of proto/tessera/lock/v1/lock.proto, mapped onto the service class (mappers.ts). */
export function routes(core: LockService): (router: ConnectRouter) => void {
  return (router) => {
    router.service(LockServiceDescriptor, {
      async acquireLock(req) {
        const out = await core.acquire(req);
        if ('lock' in out) return { result: { case: 'lock', value: toLock(out.lock) } };
        const type = toConflictType(out.conflict.type);
        return { result: { case: 'conflict', value: { type, existing: toLock(out.conflict.existing) } } };
      },
      releaseLock: async (req) => ({ released: await core.release(req) }),
      extendLock: async (req) => ({ lock: optional(await core.extend(req)) }),
      getLockStatus: async (req) => ({ lock: optional(await core.status(req.canvasIndex, req.boardIndex)) }),
      listLocks: async (req) => ({ locks: (await core.list(req.canvasIndex)).map(toLock) }),
      getUserLock: async (req) => ({ lock: optional(await core.userLock(req.userId)) }),
      async validateLock(req) {
        const out = await core.validate(req);
        return { valid: out.valid, lock: optional(out.lock) };
      },
    });
  };
}
