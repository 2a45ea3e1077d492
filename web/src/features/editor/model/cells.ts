// Pixel cells of a 49 x 49 board, keyed "x-y" (lib/pixel-key.ts) like the pixel records and pending
// changes.
import { BOARD_SIZE } from '@tessera/facts/grid';
import { pixelKey } from '../../../lib/pixel-key.js';

export interface Cell {
  x: number;
  y: number;
}

export function clampCell(cell: Cell): Cell {
  const c = (v: number) => Math.min(BOARD_SIZE - 1, Math.max(0, Math.floor(v)));
  return { x: c(cell.x), y: c(cell.y) };
}

/** Every cell of the rectangle spanned by two corners (inclusive). */
export function rectKeys(a: Cell, b: Cell): string[] {
  const keys: string[] = [];
  const [x0, x1] = a.x <= b.x ? [a.x, b.x] : [b.x, a.x];
  const [y0, y1] = a.y <= b.y ? [a.y, b.y] : [b.y, a.y];
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) keys.push(pixelKey(x, y));
  return keys;
}
