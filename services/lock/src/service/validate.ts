/**
 * Input checks of the lock RPCs: bad input is INVALID_ARGUMENT (400) naming the field, never a crash.
 * The canvas index, board index and user id follow the shared rules of @tessera/facts/inputs.
 */
import {
  boardIndexProblem,
  canvasIndexProblem,
  isPrintableText,
  userIdProblem,
  type InputProblem,
} from '@tessera/facts/inputs';
import { appError, refuseInput } from '@tessera/kit';
import { isLockMinutes, LOCK_MINUTES_MESSAGE } from '@tessera/facts/locks';

const bad = (field: string, message: string) => appError('VALIDATION_ERROR', message, { field });

/** `v` when there is no problem with it; else throws the problem. */
function checked<T>(v: T, problem: InputProblem | null): T {
  refuseInput(problem);
  return v;
}

export const checkCanvas = (v: number): number => checked(v, canvasIndexProblem(v));
export const checkBoard = (v: number): number => checked(v, boardIndexProblem(v));
export const checkUserId = (v: string): string => checked(v, userIdProblem(v));

export function checkUsername(v: string): string {
  if (typeof v !== 'string' || v.length > 64 || !isPrintableText(v))
    throw bad('username', 'username must be at most 64 printable characters');
  return v;
}

/** 0 or undefined means the default; else 1..30 whole minutes. */
export function checkMinutes(v: number | undefined): number | undefined {
  if (v === undefined || v === 0) return undefined;
  if (!isLockMinutes(v)) throw bad('duration', LOCK_MINUTES_MESSAGE);
  return v;
}

/** 0 or undefined means "any token". */
export function checkFence(v: number | undefined): number | undefined {
  if (v === undefined || v === 0) return undefined;
  if (!Number.isSafeInteger(v) || v < 0)
    throw bad('fencing_token', 'fencing_token must be a positive integer');
  return v;
}
