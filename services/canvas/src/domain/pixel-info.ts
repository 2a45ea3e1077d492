/**
 * One pixel's record for pixel info (who bought it, when, in which kind of colour), and the pixels a
 * user owns on a canvas. Pure: computed from board documents.
 */
import { BOARD_SIZE, canvasPixelOf, CANVAS_SIZE, pixelOffset } from '@tessera/facts/grid';
import { colorAt, type BoardDoc } from './board.js';
import { kindOf, type PixelKind } from './pixel-kinds.js';

export interface PixelRecordView {
  boardIndex: number;
  x: number;
  y: number;
  currentColor: string;
  defaultColor: string;
  /** null when unsold. */
  ownerId: string | null;
  /** 0 when unsold. */
  soldAtMs: number;
  /** null when unsold. */
  kind: PixelKind | null;
  kindRecorded: boolean;
  reset: boolean;
}

/** The record of pixel (x, y) of a board (coordinates already checked). */
export function pixelRecord(
  board: Pick<
    BoardDoc,
    'boardIndex' | 'currentColors' | 'defaultColors' | 'owners' | 'soldAt' | 'kinds' | 'resets'
  >,
  x: number,
  y: number,
): PixelRecordView {
  const offset = pixelOffset(x, y);
  const currentColor = colorAt(board.currentColors, offset);
  const defaultColor = colorAt(board.defaultColors, offset);
  const ownerId = board.owners[offset] ?? null;
  const resetEntry = board.resets?.find((r) => r.offset === offset);
  const base = { boardIndex: board.boardIndex, x, y, currentColor, defaultColor, reset: !!resetEntry };
  if (ownerId === null) return { ...base, ownerId, soldAtMs: 0, kind: null, kindRecorded: false };
  const bought = resetEntry?.previousColor ?? currentColor;
  const { kind, recorded } = kindOf(board.kinds, offset, bought, defaultColor);
  return { ...base, ownerId, soldAtMs: board.soldAt[offset] ?? 0, kind, kindRecorded: recorded };
}

/** Canvas-wide offsets (y * 1225 + x) of the pixels `userId` owns on the given boards, ascending. */
export function ownedCanvasOffsets(
  boards: readonly Pick<BoardDoc, 'boardIndex' | 'owners'>[],
  userId: string,
): number[] {
  const out: number[] = [];
  for (const b of boards) {
    b.owners.forEach((owner, offset) => {
      if (owner !== userId) return;
      const p = canvasPixelOf(b.boardIndex, offset % BOARD_SIZE, Math.floor(offset / BOARD_SIZE));
      out.push(p.y * CANVAS_SIZE + p.x);
    });
  }
  return out.sort((a, b) => a - b);
}
