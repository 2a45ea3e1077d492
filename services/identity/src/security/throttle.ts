/**
 * Sign-in throttling per account AND source (pure policy; the source is the client address the BFF
 * saw): after a few free failures each further failure from that source doubles the wait before its
 * next attempt is considered (capped at 15 minutes), and 100 failures within an hour refuse every
 * attempt from that source until the hour has passed. Failures elsewhere never lock the owner out
 * of their own source. When the account as a whole sees many failures within the hour (a guessing
 * attack spread over many addresses), every source gets only one free failure before its delays
 * start.
 */
import { cappedExponential } from '@tessera/kit';

export const FREE_FAILURES = 5;
/** Account-wide failures within the hour from which each source gets only UNDER_ATTACK_FREE free failures. */
export const ACCOUNT_ALERT = 50;
export const UNDER_ATTACK_FREE = 1;
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

export function delayAfter(failureCount: number, free = FREE_FAILURES): number {
  if (failureCount < free) return 0;
  return cappedExponential(failureCount - free, BASE_DELAY_MS, MAX_DELAY_MS);
}

/** Free failures a source gets, given the account-wide failures of the last hour. */
export function freeFailures(accountWide: FailureRecord, now: number): number {
  return recent(accountWide, now).length >= ACCOUNT_ALERT ? UNDER_ATTACK_FREE : FREE_FAILURES;
}

export function decide(record: FailureRecord, now: number, free = FREE_FAILURES): ThrottleDecision {
  const failures = recent(record, now);
  if (failures.length >= HOURLY_LIMIT) {
    const oldest = failures[failures.length - HOURLY_LIMIT]!;
    return { allowed: false, retryAfterMs: oldest + WINDOW_MS - now, locked: true };
  }
  const last = failures[failures.length - 1];
  const wait = last === undefined ? 0 : last + delayAfter(failures.length, free) - now;
  return wait > 0 ? { allowed: false, retryAfterMs: wait, locked: false } : { allowed: true };
}

export function recordFailure(record: FailureRecord, now: number): FailureRecord {
  return { failures: [...recent(record, now), now].slice(-HOURLY_LIMIT) };
}
