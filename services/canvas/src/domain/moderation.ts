/**
 * Moderation reset (brief invariant 1: the one audited exception to "a bought pixel never changes"):
 * an operator puts a purchased pixel back to its default (artist) colour. The pixel stays sold to its
 * buyer, so it can never be sold again in this iteration. The audit entry (operator, reason, time,
 * previous colour and owner) is written into the board document by the same conditional write as the
 * colour, so neither exists without the other. A pixel is reset at most once: a second reset changes
 * nothing and answers the first one's entry (after it the pixel already shows its default, and it can
 * never change again), which also bounds the audit to one entry per pixel. Pure: no I/O.
 */
import { pixelOffset } from '@tessera/facts/grid';
import { auditInputProblem, pixelProblem, type InputProblem } from '@tessera/facts/inputs';
import { colorAt, painted, type BoardDoc, type ResetEntry } from './board.js';

export interface ResetInput {
  x: number;
  y: number;
  operator: string;
  reason: string;
}

export type ResetOutcome =
  | { ok: true; board: BoardDoc; entry: ResetEntry; alreadyReset: boolean; problem: null }
  | { ok: false; reason: 'INVALID_INPUT' | 'NOT_SOLD'; problem: InputProblem };

/**
 * Resets the pixel (x, y) of `board` for the operator, with the reason (the audit rules of
 * @tessera/facts/inputs: an operator of at most 100 printable characters, a reason of 3 to 500).
 */
export function resetPixel(board: BoardDoc, input: ResetInput, now: number): ResetOutcome {
  const bad = auditInputProblem(input) ?? pixelProblem(input.x, input.y, 'x');
  if (bad) return { ok: false, reason: 'INVALID_INPUT', problem: bad };
  const offset = pixelOffset(input.x, input.y);
  const earlier = (board.resets ?? []).find((e) => e.offset === offset);
  if (earlier) return { ok: true, board, entry: earlier, alreadyReset: true, problem: null };
  const owner = board.owners[offset];
  if (owner === null || owner === undefined) {
    return {
      ok: false,
      reason: 'NOT_SOLD',
      problem: {
        field: 'x',
        message: `Pixel (${input.x}, ${input.y}) of board ${board.boardIndex} is not sold; only a purchased pixel can be reset`,
      },
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
  return {
    ok: true,
    alreadyReset: false,
    problem: null,
    entry,
    board: {
      ...board,
      currentColors: painted(board.currentColors, [{ offset, color }]),
      resets: [...(board.resets ?? []), entry],
      version: board.version + 1,
      lastModified: now,
    },
  };
}
