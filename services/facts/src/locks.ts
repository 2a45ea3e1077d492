/**
 * Board locks (spec sections 4 and 9), defined once for the lock service, the BFF and the web app:
 * how long a lock lasts, how far an extension goes, and how the time left is told (whole seconds or
 * whole minutes, rounded up, never negative). Pure: no I/O, no Node API (the web bundle imports it).
 */

/** A lock lasts this long unless the request asks for another length. */
export const DEFAULT_LOCK_MINUTES = 5;
/** An extension adds this much. */
export const EXTEND_LOCK_MINUTES = 5;
/** No lock, extended or not, lasts longer than this from now. */
export const MAX_LOCK_MINUTES = 30;
/** The holder is warned this long before the lock expires. */
export const LOCK_WARNING_SECONDS = 60;

export const LOCK_MINUTES_MESSAGE = `duration must be a whole number of minutes from 1 to ${MAX_LOCK_MINUTES}`;

/** True for a lock length or an extension a caller may ask for: 1 to MAX_LOCK_MINUTES whole minutes. */
export function isLockMinutes(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_LOCK_MINUTES;
}

/** Whole seconds from `nowMs` until `untilMs`, rounded up; 0 once it has passed. */
export function secondsRemaining(untilMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
}

/** Whole minutes from `nowMs` until `untilMs`, rounded up (the "Board Currently Locked" modal). */
export function minutesRemaining(untilMs: number, nowMs: number): number {
  return Math.ceil(secondsRemaining(untilMs, nowMs) / 60);
}
