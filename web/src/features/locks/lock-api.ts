// Board-lock calls (spec section 7) and the shapes of spec section 3: lock, lock status, current-lock
// response. Readers are tolerant (camelCase or snake_case, ISO or epoch times) and never throw on a
// malformed body; failed calls surface as LockError with the texts of spec sections 4 and 8.
import type { ApiClient } from '../../api/client.js';
import { startUserAction } from '../../api/user-action.js';
import { isApiError } from '../../api/errors.js';
import { isRecord, payload, readInt, readString, readTime } from '../../lib/json.js';
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

/** Reads a lock in the server shape (snake_case) or the status shape (camelCase); null if unusable. */
export function readLock(
  raw: unknown,
  fallback: { canvasIndex?: number; boardIndex?: number } = {},
): BoardLock | null {
  if (!isRecord(raw)) return null;
  const user = isRecord(raw.user) ? raw.user : null;
  const expiresAt = readTime(raw.expiresAt ?? raw.expires_at);
  const canvasIndex = readInt(raw.canvasIndex ?? raw.canvas_index) ?? fallback.canvasIndex ?? null;
  const boardIndex =
    readInt(raw.boardIndex ?? raw.uiBoardIndex ?? raw.ui_board_index ?? raw.board_index) ??
    fallback.boardIndex ??
    null;
  if (expiresAt === null || canvasIndex === null || boardIndex === null) return null;
  return {
    canvasIndex,
    boardIndex,
    userId: readString(raw.userId ?? raw.user_id ?? user?.id),
    username: readString(raw.username ?? user?.username),
    acquiredAt: readTime(raw.acquiredAt ?? raw.acquired_at),
    expiresAt,
  };
}

/** `{success, data: {isLocked, canLock, uiBoardIndex, canvasIndex, lock{...}}}`. */
export function readLockStatus(body: unknown, canvasIndex: number, boardIndex: number): LockStatus {
  const d = payload(body);
  const lock = readLock(d.lock, { canvasIndex, boardIndex });
  const isLocked = d.isLocked === true || (d.isLocked === undefined && lock !== null);
  return {
    isLocked: isLocked && lock !== null ? true : isLocked,
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

/** A list of locks under data, data.locks or locks. */
export function readLockList(body: unknown): BoardLock[] {
  const d = isRecord(body) ? body.data : null;
  const list = Array.isArray(d)
    ? d
    : isRecord(d) && Array.isArray(d.locks)
      ? d.locks
      : isRecord(body) && Array.isArray(body.locks)
        ? body.locks
        : [];
  return (list as unknown[]).map((l) => readLock(l)).filter((l): l is BoardLock => l !== null);
}

/** Current-lock response: hasLock, lock{canvasIndex, boardIndex, expiresAt}. */
export function readCurrentLock(body: unknown): BoardLock | null {
  const d = payload(body);
  if (d.hasLock === false) return null;
  return readLock(d.lock);
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
    const body = isRecord(error.body) ? error.body : {};
    const existing = isRecord(body.existingLock)
      ? body.existingLock
      : isRecord(body.existing_lock)
        ? body.existing_lock
        : null;
    const type = readString(body.type) ?? readString(body.error) ?? error.code;
    if (existing || type?.toLowerCase() === LOCK_CONFLICT.existingLock) {
      const b = readInt(existing?.boardIndex ?? existing?.board_index);
      const c = readInt(existing?.canvasIndex ?? existing?.canvas_index);
      const existingLock = b !== null && c !== null ? { boardIndex: b, canvasIndex: c } : null;
      const message = existingLock ? existingLockMessage(b ?? 0, c ?? 0) : error.message;
      return new LockError(LOCK_CONFLICT.existingLock, message, existingLock, 409);
    }
    const holder = readLock(body.lock ?? (isRecord(body.data) ? body.data.lock : null), {
      boardIndex,
      canvasIndex,
    });
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
        body = await lockAction().post<unknown>(`${path(canvasIndex, boardIndex)}/lock`, {
          duration: minutes,
        });
      } catch (error) {
        throw lockErrorFrom(error, boardIndex, LOCK_MESSAGES.acquireRetry, canvasIndex);
      }
      const lock = readLock(payload(body).lock, { canvasIndex, boardIndex });
      if (!lock) throw new LockError('failed', LOCK_MESSAGES.acquireFailed);
      return lock;
    },
    async release(canvasIndex, boardIndex, explicit = false) {
      await lockAction().delete<unknown>(`${path(canvasIndex, boardIndex)}/lock`, {
        query: explicit ? { explicit: true } : undefined,
      });
    },
    async extend(canvasIndex, boardIndex, minutes = EXTEND_LOCK_MINUTES) {
      let body: unknown;
      try {
        body = await lockAction().put<unknown>(`${path(canvasIndex, boardIndex)}/lock`, {
          duration: minutes,
        });
      } catch (error) {
        throw new LockError('failed', LOCK_MESSAGES.extendFailed, null, isApiError(error) ? error.status : 0);
      }
      const d = payload(body);
      const lock = isRecord(d.lock) ? d.lock : {};
      const expiresAt = readTime(lock.expiresAt ?? lock.expires_at ?? d.expiresAt);
      if (expiresAt === null) throw new LockError('failed', LOCK_MESSAGES.extendFailed);
      return expiresAt;
    },
    async status(canvasIndex, boardIndex, signal) {
      const body = await api.get<unknown>(`${path(canvasIndex, boardIndex)}/status`, { signal });
      return readLockStatus(body, canvasIndex, boardIndex);
    },
    async validate(canvasIndex, boardIndex) {
      const body = await api.get<unknown>(`${path(canvasIndex, boardIndex)}/validate`);
      return payload(body).valid === true;
    },
    async myLocks(signal) {
      return readLockList(await api.get<unknown>('/boards/my-locks', { signal }));
    },
    async allLocks(signal) {
      return readLockList(await api.get<unknown>('/boards/locks', { signal }));
    },
    async myCurrentLock(signal) {
      return readCurrentLock(await api.get<unknown>('/boards/my-current-lock', { signal }));
    },
  };
}
