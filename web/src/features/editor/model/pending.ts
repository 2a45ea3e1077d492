// Pending changes (spec section 3): keyed "x-y", {x, y, color, isDefault}. The colour modal applies a
// choice to the selected pixels; purchased pixels reject local colour updates (spec section 4).
import type { PixelMap } from '../board-pixels.js';
import { pixelAt } from '../board-pixels.js';
import { parsePixelKey } from '../../../lib/pixel-key.js';

export interface PendingChange {
  x: number;
  y: number;
  color: string;
  /** true = the artist's colour (1.00), false = a custom colour (2.00). */
  isDefault: boolean;
}

export type PendingMap = ReadonlyMap<string, PendingChange>;

export type ColourChoice = { mode: 'default' } | { mode: 'custom'; color: string };

export function isOwned(pixels: PixelMap, key: string): boolean {
  const cell = parsePixelKey(key);
  return cell !== null && pixelAt(pixels, cell.x, cell.y).userId !== null;
}

export interface ApplyResult {
  pending: Map<string, PendingChange>;
  /** Selected pixels that are purchased and were left unchanged. */
  refused: string[];
}

export function applyChoice(
  pending: PendingMap,
  keys: Iterable<string>,
  pixels: PixelMap,
  choice: ColourChoice,
): ApplyResult {
  const next = new Map(pending);
  const refused: string[] = [];
  for (const key of keys) {
    const cell = parsePixelKey(key);
    if (cell === null) continue; // a key that names no pixel of the board changes nothing
    const { x, y } = cell;
    const pixel = pixelAt(pixels, x, y);
    if (pixel.userId !== null) {
      refused.push(key);
      next.delete(key);
      continue;
    }
    const change: PendingChange =
      choice.mode === 'default'
        ? { x, y, color: pixel.defaultColor, isDefault: true }
        : { x, y, color: choice.color.toUpperCase(), isDefault: false };
    next.set(key, change);
  }
  return { pending: next, refused };
}

/** Pending changes still allowed after the board reloaded (someone may have bought some pixels). */
export function prunePending(pending: PendingMap, pixels: PixelMap): PendingMap {
  const kept = [...pending].filter(([key]) => !isOwned(pixels, key));
  return kept.length === pending.size ? pending : new Map(kept);
}

/** Every pending change buys an unowned pixel, so "to buy" is the pending changes on unowned pixels. */
export function changesToBuy(pending: PendingMap, pixels: PixelMap): PendingChange[] {
  return [...pending.entries()].filter(([key]) => !isOwned(pixels, key)).map(([, c]) => c);
}
