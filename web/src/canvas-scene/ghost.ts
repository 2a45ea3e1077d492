// The ghost: the artist's design shown faintly where no pixel has been bought yet, on the canvas page's
// live view and on the editor's board. Framework-free: the setting (on unless turned off, kept in
// localStorage), which image shows at which opacity, and a default colour faded over white.
import { hexToRgb, isHexColor, rgbToHex } from '@tessera/facts/colour';
import type { SessionLike } from './tutorial.js';

/** How strongly the artist's design shows under unbought pixels (0 = not at all, 1 = fully). */
export const GHOST_OPACITY = 0.3;
export const GHOST_STORAGE_KEY = 'tessera.ghost';

/** On unless the person turned it off; unreadable storage means on. */
export function readGhostSetting(storage: SessionLike | null): boolean {
  try {
    return storage?.getItem(GHOST_STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function writeGhostSetting(storage: SessionLike | null, on: boolean): void {
  try {
    storage?.setItem(GHOST_STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

/**
 * The opacity of one composite image on the canvas page. The preview image lies over the live one.
 * Preview mode shows the preview fully (the live image is hidden behind it). Live mode shows the live
 * image, with the ghost the preview over it at GHOST_OPACITY: a sold pixel is the same colour in both
 * images, so only unsold (white in the live image) pixels take a faint tint of the artist's colour.
 */
export function compositeOpacity(
  image: 'live' | 'preview',
  mode: 'live' | 'preview',
  ghost: boolean,
): number {
  if (image === mode) return 1;
  if (image === 'preview') return ghost ? GHOST_OPACITY : 0;
  return 0;
}

/** A colour faded over white by `opacity` (what the canvas page's ghost shows for an unsold pixel). */
export function ghostColour(hex: string, opacity: number = GHOST_OPACITY): string {
  if (!isHexColor(hex)) return '#FFFFFF';
  const rgb = hexToRgb(hex);
  const fade = (c: number) => Math.round(255 + (c - 255) * opacity);
  return rgbToHex([fade(rgb[0]), fade(rgb[1]), fade(rgb[2])]);
}
