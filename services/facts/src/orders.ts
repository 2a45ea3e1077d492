/**
 * The pixels of one order (spec sections 3 and 9), read once for the payment service (before it
 * prices them) and the canvas service (before it reserves them): 1 to MAX_PIXELS_PER_ORDER pixels of
 * one board, each inside the board and listed once, each either in the artist's colour (`isDefault`)
 * or in a custom colour in the wire form '#RRGGBB'. Pure: no I/O, no Node API.
 */
import { canonicalColor } from './colour.js';
import { pixelOffset } from './grid.js';
import { pixelProblem, type InputProblem } from './inputs.js';
import { MAX_PIXELS_PER_ORDER } from './pricing.js';

/** A pixel as a request names it. */
export interface RequestedPixel {
  x: number;
  y: number;
  /** The custom colour; ignored for an artist-colour pixel. */
  color?: string;
  isDefault: boolean;
}

/** A pixel of an order that passed `readOrderPixels`. */
export interface CheckedPixel {
  x: number;
  y: number;
  /** pixelOffset(x, y): its place in the board's row-major arrays. */
  offset: number;
  /** The custom colour in its stored form ('#RRGGBB' upper case); '' for an artist-colour pixel. */
  color: string;
  isDefault: boolean;
}

/** The pixels read, or the first problem (`problem` is null exactly when they were read). */
export type OrderPixelsReading =
  { ok: true; pixels: CheckedPixel[]; problem: null } | { ok: false; problem: InputProblem };

const refused = (message: string): OrderPixelsReading => ({
  ok: false,
  problem: { field: 'pixels', message },
});

/** The order's pixels checked and in their stored form, or the first problem (field `pixels`). */
export function readOrderPixels(requested: readonly RequestedPixel[]): OrderPixelsReading {
  if (requested.length === 0) return refused('Select at least one pixel to buy');
  if (requested.length > MAX_PIXELS_PER_ORDER)
    return refused(`An order holds at most ${MAX_PIXELS_PER_ORDER} pixels`);
  const seen = new Set<number>();
  const pixels: CheckedPixel[] = [];
  for (const { x, y, color, isDefault } of requested) {
    const outside = pixelProblem(x, y, 'pixels');
    if (outside) return { ok: false, problem: outside };
    const offset = pixelOffset(x, y);
    if (seen.has(offset)) return refused(`Pixel (${x}, ${y}) is listed twice`);
    seen.add(offset);
    const custom = isDefault ? '' : canonicalColor(color);
    if (custom === undefined) return refused(`Pixel (${x}, ${y}) needs a colour like #RRGGBB`);
    pixels.push({ x, y, offset, color: custom, isDefault });
  }
  return { ok: true, pixels, problem: null };
}
