/** Pixel colours as the RGB bytes of a frame, and the two composite views of spec section 2. */
import { isHexColor, type Rgb } from '@tessera/facts/colour';

// the one RGB triple of @tessera/facts/colour, named here for the frame code that imports it from this module
export type { Rgb };

export const WHITE: Rgb = [255, 255, 255];

/** A colour in the wire form '#RRGGBB' (facts' isHexColor, any case) as RGB bytes; RangeError for anything else. */
export function hexToRgb(hex: string): Rgb {
  if (!isHexColor(hex)) throw new RangeError(`not a #RRGGBB colour: ${hex}`);
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

/**
 * Live shows sold pixels on white (the community's work so far); preview shows the artist's colours
 * with the sold pixels over them (the artist's vision with purchased changes).
 */
export function compositeColor(view: 'live' | 'preview', sold: boolean, current: Rgb, artist: Rgb): Rgb {
  if (sold) return current;
  return view === 'live' ? WHITE : artist;
}
