import type { ConnectRouter } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import {
  ConflictType,
  LockSchema,
  LockService as LockServiceDescriptor,
  type Lock,
} from '@tessera/proto/tessera/lock/v1/lock_pb.js';
import { LOCK_CONFLICT } from '@tessera/facts/locks';
import type { LockView } from './domain/lock-record.js';
import type { LockService } from './service/lock-service.js';

export const SERVICES = [LockServiceDescriptor.typeName];

export function toLock(v: LockView): Lock {
  return create(LockSchema, {
    id: v.id,
    canvasIndex: v.canvasIndex,
    boardIndex: v.boardIndex,
    userId: v.userId,
    username: v.username,
    acquiredAtMs: v.acquiredAtMs,
    expiresAtMs: v.expiresAtMs,
    lastActivityMs: v.lastActivityMs,
    fencingToken: v.fencingToken,
  });
}

const optional = (v: LockView | null) => (v ? toLock(v) : undefined);

/** Every RPC of proto/tessera/lock/v1/lock.proto, mapped onto the service class. */
export function routes(core: LockService): (router: ConnectRouter) => void {
  return (router) => {
    router.service(LockServiceDescriptor, {
      async acquireLock(req) {
        const out = await core.acquire(req);
        if ('lock' in out) return { result: { case: 'lock', value: toLock(out.lock) } };
        const type =
          out.conflict.type === LOCK_CONFLICT.existingLock
            ? ConflictType.EXISTING_LOCK
            : ConflictType.LOCKED_BY_OTHER;
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
