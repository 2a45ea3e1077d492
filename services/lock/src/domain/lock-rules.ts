/**
 * Board lock rules (spec sections 4 and 9): default 5 minutes, extend by 5, at most one live lock per
 * board and per user, and an increasing fencing token per board.
 */
export const DEFAULT_LOCK_MINUTES = 5;
export const EXTEND_LOCK_MINUTES = 5;
export const MAX_LOCK_MINUTES = 30;
export const WARNING_SECONDS = 60;

/** A real minute. Tests may run the service on shorter minutes (LOCK_MINUTE_MS). */
export const MINUTE_MS = 60_000;

/** Validates a requested duration in whole minutes (1..30); undefined means the default. */
export function lockDurationMs(minutes: number | undefined, minuteMs = MINUTE_MS): number {
  const m = minutes ?? DEFAULT_LOCK_MINUTES;
  if (!Number.isInteger(m) || m < 1 || m > MAX_LOCK_MINUTES) {
    throw new RangeError(`duration must be a whole number of minutes from 1 to ${MAX_LOCK_MINUTES}`);
  }
  return m * minuteMs;
}

/** How long before expiry the warning is due (60 s of `minuteMs` minutes). */
export function warningLeadMs(minuteMs = MINUTE_MS): number {
  return (WARNING_SECONDS * minuteMs) / 60;
}

/** Seconds left, never negative. */
export function secondsRemaining(expiresAtMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((expiresAtMs - nowMs) / 1000));
}

/** Minutes left rounded up, as the canvas page's "locked by" modal shows them. */
export function minutesRemainingRoundedUp(expiresAtMs: number, nowMs: number): number {
  return Math.ceil(secondsRemaining(expiresAtMs, nowMs) / 60);
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
