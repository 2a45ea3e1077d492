/**
 * Sign-in throttling per account (pure policy): after a few free failures each further failure
 * doubles the wait before the next attempt is considered (capped at 15 minutes), and 100 failures
 * within an hour refuse every attempt until the hour has passed.
 */
export const FREE_FAILURES = 5;
export const BASE_DELAY_MS = 1000;
export const MAX_DELAY_MS = 15 * 60_000;
export const HOURLY_LIMIT = 100;
export const WINDOW_MS = 60 * 60_000;

export interface FailureRecord {
  /** Failure times (ms) within the last hour, oldest first. */
  failures: number[];
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterMs: number; locked: boolean };

export function recent(record: FailureRecord, now: number): number[] {
  return record.failures.filter((t) => now - t < WINDOW_MS);
}

export function delayAfter(failureCount: number): number {
  if (failureCount < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (failureCount - FREE_FAILURES));
}

export function decide(record: FailureRecord, now: number): ThrottleDecision {
  const failures = recent(record, now);
  if (failures.length >= HOURLY_LIMIT) {
    const oldest = failures[failures.length - HOURLY_LIMIT]!;
    return { allowed: false, retryAfterMs: oldest + WINDOW_MS - now, locked: true };
  }
  const last = failures[failures.length - 1];
  const wait = last === undefined ? 0 : last + delayAfter(failures.length) - now;
  return wait > 0 ? { allowed: false, retryAfterMs: wait, locked: false } : { allowed: true };
}

export function recordFailure(record: FailureRecord, now: number): FailureRecord {
  return { failures: [...recent(record, now), now].slice(-HOURLY_LIMIT) };
}
