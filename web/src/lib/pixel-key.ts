// The key of a pixel of a board, "x-y" (spec section 3: the client's pixel records and pending
// changes are keyed "x-y"; the editor's `highlight={x}-{y}` names a pixel with the same text).
import { isPixelCoordinate, type Point } from '@tessera/facts/grid';

export function pixelKey(x: number, y: number): string {
  return `${x}-${y}`;
}

const KEY = /^(\d{1,2})-(\d{1,2})$/;

/**
 * The pixel a key names: "x-y" with whole x and y from 0 to 48 (surrounding spaces allowed, as a
 * hand-edited URL may carry them); null for anything else, so no bad key can name a pixel.
 */
export function parsePixelKey(raw: unknown): Point | null {
  if (typeof raw !== 'string') return null;
  const match = KEY.exec(raw.trim());
  if (!match) return null;
  const x = Number(match[1]);
  const y = Number(match[2]);
  return isPixelCoordinate(x) && isPixelCoordinate(y) ? { x, y } : null;
}
