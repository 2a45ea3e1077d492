/** Pixel colours as packed RGB, and the two composite views of spec section 2. */
export type Rgb = readonly [number, number, number];

export const WHITE: Rgb = [255, 255, 255];

export function hexToRgb(hex: string): Rgb {
  const m = /^#?([0-9a-fA-F]{6})$/.exec(hex.trim());
  if (!m?.[1]) throw new RangeError(`not a #RRGGBB colour: ${hex}`);
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

export function rgbToHex([r, g, b]: Rgb): string {
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1).toUpperCase()}`;
}

/**
 * Live shows sold pixels on white (the community's work so far); preview shows the artist's colours
 * with the sold pixels over them (the artist's vision with purchased changes).
 */
export function compositeColor(view: 'live' | 'preview', sold: boolean, current: Rgb, artist: Rgb): Rgb {
  if (sold) return current;
  return view === 'live' ? WHITE : artist;
}
