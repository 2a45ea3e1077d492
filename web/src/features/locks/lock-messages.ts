// The lock texts of spec sections 4, 5 and 8, verbatim.
import { secondsRemaining } from '@tessera/facts/locks';

export const LOCK_MESSAGES = {
  locked: 'Board locked successfully',
  extended: 'Lock extended by 5 minutes',
  released: 'Lock released',
  expired: 'Lock expired',
  validationFailed: 'Failed to validate lock ownership. Please try again.',
  expiredAlert: 'Your editing lock has expired. You will be redirected to the canvas.',
  noLongerValid: 'Your editing lock is no longer valid. Please re-lock the board to continue editing.',
  acquireFailed: 'Failed to acquire lock',
  acquireRetry: 'Failed to acquire lock. Please try again.',
  extendFailed: 'Failed to extend lock',
  extendError: 'Error extending lock',
  manageError: 'Error managing lock',
  unknownHolder: 'Another user is currently editing this board. Please try again later.',
  signInRequired: 'Authentication required to acquire board lock',
} as const;

/** Local time of day of an expiry, e.g. "3:42:10 PM". */
export function lockTime(expiresAt: number): string {
  return new Date(expiresAt).toLocaleTimeString();
}

/** The client's check before acquiring: the user already holds another board. */
export function alreadyHoldingMessage(boardIndex: number): string {
  return `You already have Board ${boardIndex} locked. Release it first.`;
}

/** The 409 existing_lock answer (spec section 8). */
export function existingLockServerMessage(boardIndex: number, canvasIndex: number): string {
  return `You already have board ${boardIndex} locked on canvas ${canvasIndex}. Please release it first.`;
}

/** The 409 answer when someone else holds the board (spec section 8). */
export function lockedByUntil(boardIndex: number, username: string | null, expiresAt: number): string {
  const user = username ?? 'another user';
  return `Board ${boardIndex} is locked by ${user} until ${lockTime(expiresAt)}`;
}

/** The client's check before acquiring: someone else holds the board (spec section 4). */
export function boardLockedByMessage(username: string | null, expiresAt: number | null): string {
  if (expiresAt === null) return lockedByShort(username);
  return `Board is locked by ${username ?? 'another user'} until ${lockTime(expiresAt)}`;
}

/** "Board is locked by {username|another user}". */
export function lockedByShort(username: string | null): string {
  return `Board is locked by ${username ?? 'another user'}`;
}

export type TimerTone = 'red' | 'yellow' | 'green';

/** The countdown as m:ss. */
export function formatCountdown(remainingMs: number): string {
  const total = secondsRemaining(remainingMs, 0);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** Red at 60 s or less, yellow at 120 s or less, green above. */
export function countdownTone(remainingMs: number): TimerTone {
  const seconds = Math.ceil(remainingMs / 1000);
  if (seconds <= 60) return 'red';
  if (seconds <= 120) return 'yellow';
  return 'green';
}
