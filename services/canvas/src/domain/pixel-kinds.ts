/**
 * How a sold pixel was bought: in the artist's colour (1 USD) or a custom one (2 USD). A commit
 * records it per pixel in the board document (`kinds`, one character per offset); for sales made
 * before it was recorded, the kind is derived from the colours: a pixel bought in the artist's colour
 * was painted the board's default colour, so a colour bought that differs from the default is
 * custom; one that equals it is reported as the artist's colour, marked not recorded (a custom
 * purchase of exactly the artist's colour looks the same). Pure: no I/O.
 */
import { PIXELS_PER_BOARD } from '@tessera/facts/grid';

export type PixelKind = 'artist' | 'custom';

const ARTIST = 'a';
const CUSTOM = 'c';
const UNSOLD = '-';

/** `kinds` (or none yet) with each committed pixel's kind written at its offset. */
export function recordedKinds(
  kinds: string | undefined,
  pixels: readonly { offset: number; isDefault: boolean }[],
): string {
  const chars = (kinds?.length === PIXELS_PER_BOARD ? kinds : UNSOLD.repeat(PIXELS_PER_BOARD)).split('');
  for (const p of pixels) chars[p.offset] = p.isDefault ? ARTIST : CUSTOM;
  return chars.join('');
}

export interface KindOf {
  kind: PixelKind;
  /** False when derived from the colours (a sale before kinds were recorded). */
  recorded: boolean;
}

/**
 * The kind of a sold pixel: as recorded, else derived from `boughtColor` (the colour it was sold in:
 * its current colour, or the one before a moderation reset) and its default colour.
 */
export function kindOf(
  kinds: string | undefined,
  offset: number,
  boughtColor: string,
  defaultColor: string,
): KindOf {
  const c = kinds?.[offset];
  if (c === ARTIST) return { kind: 'artist', recorded: true };
  if (c === CUSTOM) return { kind: 'custom', recorded: true };
  const same = boughtColor.toUpperCase() === defaultColor.toUpperCase();
  return { kind: same ? 'artist' : 'custom', recorded: false };
}
