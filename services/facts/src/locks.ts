/**
 * Board locks (spec sections 4, 8 and 9), defined once for the lock service, the BFF and the web app:
 * how long a lock lasts, how far an extension goes, how the time left is told (whole seconds or
 * whole minutes, rounded up, never negative), the two kinds of acquisition conflict, and the lock
 * texts of the spec, verbatim. A text that names a time takes it already formatted: the BFF writes
 * ISO 8601, the web app the visitor's local time. Pure: no I/O, no Node API (the web bundle imports it).
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

/**
 * Why an acquisition was refused, as the lock service answers it and the BFF's 409 names it in
 * `type`: the caller holds another board, or someone else holds this one.
 */
export const LOCK_CONFLICT = {
  existingLock: 'existing_lock',
  lockedByOther: 'locked_by_other',
} as const;

export type LockConflictKind = (typeof LOCK_CONFLICT)[keyof typeof LOCK_CONFLICT];

/** The spec's fixed lock texts (sections 4, 7 and 8). */
export const LOCK_MESSAGES = {
  locked: 'Board locked successfully',
  released: 'Lock released',
  expired: 'Lock expired',
  signInRequired: 'Authentication required to acquire board lock',
  acquireFailed: 'Failed to acquire lock',
  acquireRetry: 'Failed to acquire lock. Please try again.',
  extendFailed: 'Failed to extend lock',
  extendError: 'Error extending lock',
  manageError: 'Error managing lock',
  validationFailed: 'Failed to validate lock ownership. Please try again.',
  expiredAlert: 'Your editing lock has expired. You will be redirected to the canvas.',
  noLongerValid: 'Your editing lock is no longer valid. Please re-lock the board to continue editing.',
  unknownHolder: 'Another user is currently editing this board. Please try again later.',
} as const;

/** Who a lock text names when the holder has no username. */
export const UNNAMED_HOLDER = 'another user';

// An empty username (the lock service's "none") reads as UNNAMED_HOLDER too.
const holderName = (username: string | null): string => username || UNNAMED_HOLDER;

/** "Lock extended by 5 minutes": the success of an extension by `minutes`. */
export function lockExtendedMessage(minutes: number = EXTEND_LOCK_MINUTES): string {
  return `Lock extended by ${minutes} minutes`;
}

/** The 409 `existing_lock` answer: the caller already holds another board (section 8). */
export function existingLockMessage(boardIndex: number, canvasIndex: number): string {
  return `You already have board ${boardIndex} locked on canvas ${canvasIndex}. Please release it first.`;
}

/** The 409 `locked_by_other` answer (section 8), `time` being the expiry as the reader should see it. */
export function lockedByUntilMessage(boardIndex: number, username: string | null, time: string): string {
  return `Board ${boardIndex} is locked by ${holderName(username)} until ${time}`;
}

/** The acquisition flow's own check: the user already holds another board (section 4). */
export function alreadyHoldingMessage(boardIndex: number): string {
  return `You already have Board ${boardIndex} locked. Release it first.`;
}

/** The acquisition flow's own check: someone else holds the board until `time` (section 4). */
export function boardLockedByMessage(username: string | null, time: string): string {
  return `Board is locked by ${holderName(username)} until ${time}`;
}
