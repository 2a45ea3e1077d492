/**
 * Board lock rules (spec sections 4 and 9): default 5 minutes, extend by 5, at most one live lock per
 * board and per user, and an increasing fencing token per board.
 */
import {
  DEFAULT_LOCK_MINUTES,
  EXTEND_LOCK_MINUTES,
  isLockMinutes,
  LOCK_MINUTES_MESSAGE,
  LOCK_WARNING_SECONDS,
  MAX_LOCK_MINUTES,
} from '@tessera/facts/locks';

/** A real minute. Tests may run the service on shorter minutes (LOCK_MINUTE_MS). */
export const MINUTE_MS = 60_000;

/** Validates a requested duration in whole minutes (1..30); undefined means the default. */
export function lockDurationMs(minutes: number | undefined, minuteMs = MINUTE_MS): number {
  const m = minutes ?? DEFAULT_LOCK_MINUTES;
  if (!isLockMinutes(m)) throw new RangeError(LOCK_MINUTES_MESSAGE);
  return m * minuteMs;
}

/** How long before expiry the warning is due (60 s of `minuteMs` minutes). */
export function warningLeadMs(minuteMs = MINUTE_MS): number {
  return (LOCK_WARNING_SECONDS * minuteMs) / 60;
}

/** Key of a board's lock and of a user's lock in the key-value store. */
export function boardLockKey(canvasIndex: number, boardIndex: number): string {
  return `lock:board:${canvasIndex}:${boardIndex}`;
}

export function userLockKey(userId: string): string {
  return `lock:user:${userId}`;
}

export function fencingCounterKey(canvasIndex: number, boardIndex: number): string {
  return `lock:fence:${canvasIndex}:${boardIndex}`;
}

/** An extension may never make a lock outlive MAX_LOCK_MINUTES from now. */
export function extendedExpiry(
  currentExpiresAtMs: number,
  nowMs: number,
  minutes: number | undefined = EXTEND_LOCK_MINUTES,
  minuteMs = MINUTE_MS,
): number {
  const target =
    Math.max(currentExpiresAtMs, nowMs) + lockDurationMs(minutes ?? EXTEND_LOCK_MINUTES, minuteMs);
  return Math.min(target, nowMs + MAX_LOCK_MINUTES * minuteMs);
}
