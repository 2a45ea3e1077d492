// How the web app words lock times: the expiry in the visitor's local time, the m:ss countdown with its
// colour, the extend button and the expiry warning. The lock texts themselves (spec sections 4, 7 and
// 8) are @tessera/facts/locks', shared with the BFF and the lock service.
import { EXTEND_LOCK_MINUTES, secondsRemaining } from '@tessera/facts/locks';

/**
 * An expiry as the visitor reads it: local date and time (spec: the "Board Locked" modal shows "the
 * expiry in local date-time"). Every lock text the app shows with a time uses it, the server's ISO
 * time never reaching the screen.
 */
export function lockTime(expiresAt: number): string {
  return new Date(expiresAt).toLocaleString();
}

/** The extend button ("+5m") and its accessible name. */
export const EXTEND_LABEL = `+${EXTEND_LOCK_MINUTES}m`;
/** The +5m button's name: it starts with what the button shows (WCAG 2.5.3, label in name). */
export const EXTEND_NAME = `${EXTEND_LABEL}: extend lock by ${EXTEND_LOCK_MINUTES} minutes`;

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
  const seconds = secondsRemaining(remainingMs, 0);
  if (seconds <= 60) return 'red';
  if (seconds <= 120) return 'yellow';
  return 'green';
}

/** The holder's warning before expiry (LOCK_WARNING_SECONDS ahead): the time left and how to keep it. */
export function lockEndingMessage(remainingMs: number): string {
  return `Your lock ends in ${formatCountdown(remainingMs)}. Use ${EXTEND_LABEL} to keep editing.`;
}
