/** The service's lock views and conflicts -> contract messages. */
import { create } from '@bufbuild/protobuf';
import { ConflictType, LockSchema, type Lock } from '@tessera/proto/tessera/lock/v1/lock_pb.js';
import { LOCK_CONFLICT, type LockConflictKind } from '@tessera/facts/locks';
import type { LockView } from '../domain/lock-record.js';

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

/** The lock when there is one; absent from the answer otherwise. */
export const toOptionalLock = (v: LockView | null): Lock | undefined => (v ? toLock(v) : undefined);

export function toConflictType(kind: LockConflictKind): ConflictType {
  return kind === LOCK_CONFLICT.existingLock ? ConflictType.EXISTING_LOCK : ConflictType.LOCKED_BY_OTHER;
}
