/**
 * The spec's lock shapes (section 3), from the lock service's `Lock`, typed by the contract
 * (`@tessera/api/locks`). Pure.
 * - Board lock (server): `{id, canvas_index, ui_board_index, user_id, user: {id, username},
 *   acquired_at, last_activity, expires_at, is_active, time_remaining}` plus `expiresAt` (section 7:
 *   extend "returns lock.expiresAt"), `canvasIndex`, `boardIndex` and `fencingToken`.
 * - Lock status: `{isLocked, canLock, uiBoardIndex, canvasIndex, lock: {userId, username,
 *   acquiredAt, expiresAt, timeRemaining} | null}`.
 * - Current-lock response: `{hasLock, lock: {canvasIndex, boardIndex, expiresAt} | null}`.
 * Times are ISO 8601 strings; time_remaining / timeRemaining are whole seconds.
 */
import { secondsRemaining } from '@tessera/facts/locks';
import type { Lock } from '@tessera/proto/tessera/lock/v1/lock_pb.js';
import type { BoardLock, CurrentLockAnswer, LockStatus } from '@tessera/api/locks';

/** The API's time: ISO 8601 (the lock JSON and the 409 text; the web app shows it in local time). */
export const iso = (ms: number) => new Date(ms).toISOString();
const secondsLeft = (lock: Lock, now: number) => secondsRemaining(lock.expiresAtMs, now);

export function boardLockJson(lock: Lock, now: number): BoardLock {
  const left = secondsLeft(lock, now);
  return {
    id: lock.id,
    canvas_index: lock.canvasIndex,
    ui_board_index: lock.boardIndex,
    user_id: lock.userId,
    user: { id: lock.userId, username: lock.username || null },
    acquired_at: iso(lock.acquiredAtMs),
    last_activity: iso(lock.lastActivityMs),
    expires_at: iso(lock.expiresAtMs),
    is_active: left > 0,
    time_remaining: left,
    canvasIndex: lock.canvasIndex,
    boardIndex: lock.boardIndex,
    expiresAt: iso(lock.expiresAtMs),
    fencingToken: lock.fencingToken,
  };
}

/** `viewer` is the signed-in caller (null for a guest, who can never lock). */
export function lockStatusJson(
  canvasIndex: number,
  boardIndex: number,
  lock: Lock | undefined,
  viewer: string | null,
  now: number,
): LockStatus {
  return {
    isLocked: lock !== undefined,
    canLock: viewer !== null && (lock === undefined || lock.userId === viewer),
    uiBoardIndex: boardIndex,
    canvasIndex,
    lock: lock
      ? {
          userId: lock.userId,
          username: lock.username || null,
          acquiredAt: iso(lock.acquiredAtMs),
          expiresAt: iso(lock.expiresAtMs),
          timeRemaining: secondsLeft(lock, now),
        }
      : null,
  };
}

export function currentLockJson(lock: Lock | undefined): Omit<CurrentLockAnswer, 'success'> {
  return {
    hasLock: lock !== undefined,
    lock: lock
      ? { canvasIndex: lock.canvasIndex, boardIndex: lock.boardIndex, expiresAt: iso(lock.expiresAtMs) }
      : null,
  };
}
