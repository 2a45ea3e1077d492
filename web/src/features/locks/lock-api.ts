// Board-lock calls (spec section 7) and the shapes of spec section 3: lock, lock status, current-lock
// response. The answers' fields are the contract's (@tessera/api/locks; where the spec spells a field
// twice, the spelling its `...AsRead` names); each value is checked and a malformed body never throws.
// Failed calls surface as LockError with the texts of spec sections 4 and 8.
import type { ApiClient } from '../../api/client.js';
import { startUserAction } from '../../api/user-action.js';
import { isApiError } from '../../api/errors.js';
import type {
  BoardLockAsRead,
  CurrentLock,
  CurrentLockAnswer,
  ExistingLockConflict,
  LockConflictAsRead,
  LockHolder,
  LockList,
  LockReleased,
  LockRequest,
  LockStatus as LockStatusBody,
  LockStatusAnswer,
  LockTaken,
  LockValidation,
} from '@tessera/api/locks';
import { isRecord, readInt, readString, readTime } from '../../lib/json.js';
import { fieldsIn } from '../../lib/json.js';
import {
  DEFAULT_LOCK_MINUTES,
  existingLockMessage,
  EXTEND_LOCK_MINUTES,
  LOCK_CONFLICT,
  LOCK_MESSAGES,
  lockedByUntilMessage,
  type LockConflictKind,
} from '@tessera/facts/locks';
import { KindedError } from '../../lib/kinded-error.js';
import { lockTime } from './lock-messages.js';

/** A board lock as the client uses it (server fields of spec section 3, times in epoch ms). */
export interface BoardLock {
  canvasIndex: number;
  boardIndex: number;
  userId: string | null;
  username: string | null;
  acquiredAt: number | null;
  expiresAt: number;
}

/** Lock status: isLocked, canLock and the holder when locked. */
export interface LockStatus {
  isLocked: boolean;
  canLock: boolean;
  canvasIndex: number;
  boardIndex: number;
  lock: BoardLock | null;
}

export type LockErrorKind = LockConflictKind | 'unauthenticated' | 'failed';

/** A lock call that failed, with the message to show. */
export class LockError extends KindedError<LockErrorKind> {
  override readonly name = 'LockError';
  constructor(
    kind: LockErrorKind,
    message: string,
    /** existing_lock only: the board the caller holds. */
    readonly existingLock: { boardIndex: number; canvasIndex: number } | null = null,
    status = 0,
  ) {
    super(kind, message, status);
  }
}

/**
 * A board lock in the server's shape, read by the contract's `BoardLockAsRead` (the camelCase
 * board, canvas and expiry); null if unusable.
 */
export function readBoardLock(
  raw: unknown,
  fallback: { canvasIndex?: number; boardIndex?: number } = {},
): BoardLock | null {
  const l = fieldsIn<BoardLockAsRead>(raw);
  const user = fieldsIn<BoardLockAsRead['user']>(l.user);
  const expiresAt = readTime(l.expiresAt);
  const canvasIndex = readInt(l.canvasIndex) ?? fallback.canvasIndex ?? null;
  const boardIndex = readInt(l.boardIndex) ?? fallback.boardIndex ?? null;
  if (expiresAt === null || canvasIndex === null || boardIndex === null) return null;
  return {
    canvasIndex,
    boardIndex,
    userId: readString(user.id),
    username: readString(user.username),
    acquiredAt: readTime(l.acquired_at),
    expiresAt,
  };
}

/** The holder of a lock status (and of a 409 on a board someone else holds), on the board `at`. */
export function readLockHolder(
  raw: unknown,
  at: { canvasIndex: number; boardIndex: number },
): BoardLock | null {
  const h = fieldsIn<LockHolder>(raw);
  const expiresAt = readTime(h.expiresAt);
  if (expiresAt === null) return null;
  return {
    ...at,
    userId: readString(h.userId),
    username: readString(h.username),
    acquiredAt: readTime(h.acquiredAt),
    expiresAt,
  };
}

/** `{success, data: {isLocked, canLock, uiBoardIndex, canvasIndex, lock{...}}}`. */
export function readLockStatus(body: unknown, canvasIndex: number, boardIndex: number): LockStatus {
  const d = fieldsIn<LockStatusBody>(fieldsIn<LockStatusAnswer>(body).data);
  const lock = readLockHolder(d.lock, { canvasIndex, boardIndex });
  const isLocked = d.isLocked === true || (d.isLocked === undefined && lock !== null);
  return {
    isLocked,
    canLock: typeof d.canLock === 'boolean' ? d.canLock : !isLocked,
    canvasIndex,
    boardIndex,
    lock: isLocked ? lock : null,
  };
}

/**
 * The lock someone else holds on the status's board, or null when the board is free or the lock is
 * the viewer's (`me`). The one answer to "is it held by someone else?" for the canvas page's click,
 * the editor and the lock session. A lock counts as the viewer's only when both ids are known and
 * equal: without the holder's id, or without the viewer's (not signed in, not loaded yet), nothing
 * shows it is the viewer's, so it is treated as someone else's (the server decides who may edit
 * anyway). A null status (the check failed) is no holder.
 */
export function lockHeldByOther(status: LockStatus | null, me: string | null): BoardLock | null {
  const lock = status?.isLocked ? status.lock : null;
  if (!lock) return null;
  return me !== null && lock.userId === me ? null : lock;
}

/** `{success, data: [lock]}` of my-locks and locks; unusable locks are left out. */
export function readLockList(body: unknown): BoardLock[] {
  const list = fieldsIn<LockList>(body).data;
  return (Array.isArray(list) ? (list as unknown[]) : [])
    .map((l) => readBoardLock(l))
    .filter((l): l is BoardLock => l !== null);
}

/** Current-lock response: `{success, hasLock, lock: {canvasIndex, boardIndex, expiresAt} | null}`. */
export function readCurrentLock(body: unknown): BoardLock | null {
  const answer = fieldsIn<CurrentLockAnswer>(body);
  if (answer.hasLock === false) return null;
  const l = fieldsIn<CurrentLock>(answer.lock);
  const canvasIndex = readInt(l.canvasIndex);
  const boardIndex = readInt(l.boardIndex);
  const expiresAt = readTime(l.expiresAt);
  if (canvasIndex === null || boardIndex === null || expiresAt === null) return null;
  return { canvasIndex, boardIndex, userId: null, username: null, acquiredAt: null, expiresAt };
}

/** The 409 of an acquire: existing_lock (the caller holds another board) or held by someone else. */
export function lockErrorFrom(
  error: unknown,
  boardIndex: number,
  fallback: string,
  canvasIndex = 0,
): LockError {
  if (error instanceof LockError) return error;
  if (!isApiError(error)) return new LockError('failed', fallback);
  if (error.status === 401) return new LockError('unauthenticated', error.message, null, 401);
  if (error.status === 409) {
    const body = fieldsIn<LockConflictAsRead>(error.body);
    if (body.type === LOCK_CONFLICT.existingLock || isRecord(body.existingLock)) {
      const existing = fieldsIn<ExistingLockConflict['existingLock']>(body.existingLock);
      const b = readInt(existing.boardIndex);
      const c = readInt(existing.canvasIndex);
      const existingLock = b !== null && c !== null ? { boardIndex: b, canvasIndex: c } : null;
      const message = existingLock ? existingLockMessage(b ?? 0, c ?? 0) : error.message;
      return new LockError(LOCK_CONFLICT.existingLock, message, existingLock, 409);
    }
    const holder = readLockHolder(body.lock, { boardIndex, canvasIndex });
    // The server's text names the expiry in ISO time; the app says it in the visitor's local time.
    const message = holder
      ? lockedByUntilMessage(boardIndex, holder.username, lockTime(holder.expiresAt))
      : error.message || LOCK_MESSAGES.unknownHolder;
    return new LockError(LOCK_CONFLICT.lockedByOther, message, null, 409);
  }
  return new LockError('failed', fallback, null, error.status);
}

const path = (canvasIndex: number, boardIndex: number) => `/boards/${canvasIndex}/${boardIndex}`;

/** The lock calls the app makes; an interface so tests and the lock session can use a fake. */
export interface LockApi {
  acquire(canvasIndex: number, boardIndex: number, minutes?: number): Promise<BoardLock>;
  release(canvasIndex: number, boardIndex: number, explicit?: boolean): Promise<void>;
  extend(canvasIndex: number, boardIndex: number, minutes?: number): Promise<number>;
  status(canvasIndex: number, boardIndex: number, signal?: AbortSignal): Promise<LockStatus>;
  /** The ownership validation: true when the caller holds the board's lock. */
  validate(canvasIndex: number, boardIndex: number): Promise<boolean>;
  myLocks(signal?: AbortSignal): Promise<BoardLock[]>;
  allLocks(signal?: AbortSignal): Promise<BoardLock[]>;
  myCurrentLock(signal?: AbortSignal): Promise<BoardLock | null>;
}

export function createLockApi(api: ApiClient): LockApi {
  // Taking, extending and releasing a lock are each a user action with a trace of its own
  // (api/user-action.ts); the status reads are not.
  const lockAction = () => api.forAction(startUserAction('lock'));
  return {
    async acquire(canvasIndex, boardIndex, minutes = DEFAULT_LOCK_MINUTES) {
      let body: unknown;
      try {
        body = await lockAction().post<LockTaken>(`${path(canvasIndex, boardIndex)}/lock`, {
          duration: minutes,
        } satisfies LockRequest);
      } catch (error) {
        throw lockErrorFrom(error, boardIndex, LOCK_MESSAGES.acquireRetry, canvasIndex);
      }
      const lock = readBoardLock(fieldsIn<LockTaken>(body).lock, { canvasIndex, boardIndex });
      if (!lock) throw new LockError('failed', LOCK_MESSAGES.acquireFailed);
      return lock;
    },
    async release(canvasIndex, boardIndex, explicit = false) {
      await lockAction().delete<LockReleased>(`${path(canvasIndex, boardIndex)}/lock`, {
        query: explicit ? { explicit: true } : undefined,
      });
    },
    async extend(canvasIndex, boardIndex, minutes = EXTEND_LOCK_MINUTES) {
      let body: unknown;
      try {
        body = await lockAction().put<LockTaken>(`${path(canvasIndex, boardIndex)}/lock`, {
          duration: minutes,
        } satisfies LockRequest);
      } catch (error) {
        throw new LockError('failed', LOCK_MESSAGES.extendFailed, null, isApiError(error) ? error.status : 0);
      }
      const expiresAt = readTime(fieldsIn<BoardLockAsRead>(fieldsIn<LockTaken>(body).lock).expiresAt);
      if (expiresAt === null) throw new LockError('failed', LOCK_MESSAGES.extendFailed);
      return expiresAt;
    },
    async status(canvasIndex, boardIndex, signal) {
      const body = await api.get<LockStatusAnswer>(`${path(canvasIndex, boardIndex)}/status`, { signal });
      return readLockStatus(body, canvasIndex, boardIndex);
    },
    async validate(canvasIndex, boardIndex) {
      const body = await api.get<LockValidation>(`${path(canvasIndex, boardIndex)}/validate`);
      return fieldsIn<LockValidation>(body).valid === true;
    },
    async myLocks(signal) {
      return readLockList(await api.get<LockList>('/boards/my-locks', { signal }));
    },
    async allLocks(signal) {
      return readLockList(await api.get<LockList>('/boards/locks', { signal }));
    },
    async myCurrentLock(signal) {
      return readCurrentLock(await api.get<CurrentLockAnswer>('/boards/my-current-lock', { signal }));
    },
  };
}
