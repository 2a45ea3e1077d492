/**
 * Moderation reset (brief invariant 1: the one audited exception to "a bought pixel never changes"):
 * an operator puts a purchased pixel back to its default (artist) colour. The pixel stays sold to its
 * buyer, so it can never be sold again in this iteration. The audit entry (operator, reason, time,
 * previous colour and owner) is written into the board document by the same conditional write as the
 * colour, so neither exists without the other. A pixel is reset at most once: a second reset changes
 * nothing and answers the first one's entry (after it the pixel already shows its default, and it can
 * never change again), which also bounds the audit to one entry per pixel. Pure: no I/O.
 */
import { BOARD_SIZE, pixelOffset } from '@tessera/facts/grid';
import { colorAt, type BoardDoc } from './board.js';

export interface ResetEntry {
  /** Pixel offset (y * 49 + x). */
  offset: number;
  x: number;
  y: number;
  operator: string;
  reason: string;
  at: number;
  /** The colour it showed before the reset, "#RRGGBB". */
  previousColor: string;
  /** The buyer (who still owns it). */
  previousOwner: string;
  /** The default colour it shows now. */
  color: string;
}

export interface ResetInput {
  x: number;
  y: number;
  operator: string;
  reason: string;
}

export const REASON_MIN = 3;
export const REASON_MAX = 500;
export const OPERATOR_MAX = 100;

export type ResetOutcome =
  | { ok: true; board: BoardDoc; entry: ResetEntry; alreadyReset: boolean }
  | { ok: false; reason: 'INVALID_INPUT' | 'NOT_SOLD'; field: string; message: string };

/** Checks the operator's input; null when it is fine, else the field and a clear message. */
export function checkResetInput(input: ResetInput): { field: string; message: string } | null {
  const operator = input.operator.trim();
  if (!operator) return { field: 'operator', message: 'operator is required (who resets the pixel)' };
  if (operator.length > OPERATOR_MAX || [...operator].some((ch) => ch < ' ' || ch === '\u007f'))
    return { field: 'operator', message: `operator must be 1 to ${OPERATOR_MAX} printable characters` };
  const reason = input.reason.trim();
  if (reason.length < REASON_MIN || reason.length > REASON_MAX)
    return {
      field: 'reason',
      message: `reason must be ${REASON_MIN} to ${REASON_MAX} characters (why the pixel is reset)`,
    };
  return null;
}

export function resetPixel(board: BoardDoc, input: ResetInput, now: number): ResetOutcome {
  const bad = checkResetInput(input);
  if (bad) return { ok: false, reason: 'INVALID_INPUT', ...bad };
  let offset: number;
  try {
    offset = pixelOffset(input.x, input.y);
  } catch {
    return {
      ok: false,
      reason: 'INVALID_INPUT',
      field: 'x',
      message: `Pixel (${input.x}, ${input.y}) is outside the board (x and y are 0 to ${BOARD_SIZE - 1})`,
    };
  }
  const earlier = (board.resets ?? []).find((e) => e.offset === offset);
  if (earlier) return { ok: true, board, entry: earlier, alreadyReset: true };
  const owner = board.owners[offset];
  if (owner === null || owner === undefined) {
    return {
      ok: false,
      reason: 'NOT_SOLD',
      field: 'x',
      message: `Pixel (${input.x}, ${input.y}) of board ${board.boardIndex} is not sold; only a purchased pixel can be reset`,
    };
  }
  const color = colorAt(board.defaultColors, offset);
  const entry: ResetEntry = {
    offset,
    x: input.x,
    y: input.y,
    operator: input.operator.trim(),
    reason: input.reason.trim(),
    at: now,
    previousColor: colorAt(board.currentColors, offset),
    previousOwner: owner,
    color,
  };
  const at = offset * 6;
  return {
    ok: true,
    alreadyReset: false,
    entry,
    board: {
      ...board,
      currentColors: board.currentColors.slice(0, at) + color.slice(1) + board.currentColors.slice(at + 6),
      resets: [...(board.resets ?? []), entry],
      version: board.version + 1,
      lastModified: now,
    },
  };
}
