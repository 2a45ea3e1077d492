// A pixel as the servers send it (spec section 3: x, y, current_color, default_color; the board's
// pixel list and the random available pixel both carry it). One reader, so the editor and the canvas
// page fill a missing colour the same way: a missing or malformed current colour is the unowned white
// #FFFFFF (what the canvas service stores for every unsold pixel), a missing default colour the
// fallback grey #CCCCCC.
import type { BoardPixel } from '@tessera/api/pixels';
import { FALLBACK_DEFAULT_COLOR, UNOWNED_COLOR, canonicalColor } from '@tessera/facts/colour';
import { isPixelCoordinate, type Point } from '@tessera/facts/grid';
import { readInt, type Unchecked } from './json.js';

export interface ServerPixel extends Point {
  /** '#RRGGBB', upper case. */
  currentColor: string;
  /** The artist's colour, '#RRGGBB', upper case. */
  defaultColor: string;
}

/**
 * The pixel of a JSON object's `x`, `y`, `current_color` and `default_color`; null when x or y is not a
 * whole number from 0 to 48. A colour that is not the wire form '#RRGGBB' counts as missing.
 */
export function readServerPixel(p: Unchecked<Omit<BoardPixel, 'user_id'>>): ServerPixel | null {
  const x = readInt(p.x);
  const y = readInt(p.y);
  if (x === null || y === null || !isPixelCoordinate(x) || !isPixelCoordinate(y)) return null;
  return {
    x,
    y,
    currentColor: canonicalColor(p.current_color) ?? UNOWNED_COLOR,
    defaultColor: canonicalColor(p.default_color) ?? FALLBACK_DEFAULT_COLOR,
  };
}
