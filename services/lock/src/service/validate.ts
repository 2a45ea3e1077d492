/** Input checks of the lock RPCs: bad input is INVALID_ARGUMENT (400) naming the field, never a crash. */
import { appError } from '@tessera/kit';
import { MAX_LOCK_MINUTES } from '../domain/lock-rules.js';

/**
 * Boards per canvas (25 x 25). The same fact as TOTAL_BOARDS in services/canvas/src/domain/geometry.ts,
 * which this package cannot import; it moves to the shared-facts package when that lands.
 */
export const BOARDS_PER_CANVAS = 625;
const MAX_INT32 = 0x7fffffff;
const ID = /^[A-Za-z0-9_.:@-]{1,128}$/;

const bad = (field: string, message: string) => appError('VALIDATION_ERROR', message, { field });

export function checkCanvas(v: number): number {
  if (!Number.isInteger(v) || v < 0 || v > MAX_INT32)
    throw bad('canvas_index', 'canvas_index must be a non-negative integer');
  return v;
}

export function checkBoard(v: number): number {
  if (!Number.isInteger(v) || v < 0 || v >= BOARDS_PER_CANVAS)
    throw bad('board_index', `board_index must be an integer from 0 to ${BOARDS_PER_CANVAS - 1}`);
  return v;
}

export function checkUserId(v: string): string {
  if (typeof v !== 'string' || !ID.test(v))
    throw bad('user_id', 'user_id is required (1-128 safe characters)');
  return v;
}

export function checkUsername(v: string): string {
  if (typeof v !== 'string' || v.length > 64 || [...v].some((c) => c < ' ' || c === '\u007f'))
    throw bad('username', 'username must be at most 64 printable characters');
  return v;
}

/** 0 or undefined means the default; else 1..30 whole minutes. */
export function checkMinutes(v: number | undefined): number | undefined {
  if (v === undefined || v === 0) return undefined;
  if (!Number.isInteger(v) || v < 1 || v > MAX_LOCK_MINUTES)
    throw bad('duration', `duration must be a whole number of minutes from 1 to ${MAX_LOCK_MINUTES}`);
  return v;
}

/** 0 or undefined means "any token". */
export function checkFence(v: number | undefined): number | undefined {
  if (v === undefined || v === 0) return undefined;
  if (!Number.isSafeInteger(v) || v < 0)
    throw bad('fencing_token', 'fencing_token must be a positive integer');
  return v;
}
