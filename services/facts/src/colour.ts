/**
 * Pixel colours (spec sections 3 and 9), defined once for the services, the BFF and the web app.
 * On the wire a colour is '#RRGGBB' (six hex digits; any case is taken, upper case is stored and
 * sent). The web app's hex text input also takes the short forms a person types ('#abc', 'abc',
 * 'aabbcc'), through `normalizeHexColor`; no server accepts them. Pure: the web bundle imports it.
 */

/** A pixel nobody has bought shows white. */
export const UNOWNED_COLOR = '#FFFFFF';
/** A pixel with no default colour of its own falls back to this grey. */
export const FALLBACK_DEFAULT_COLOR = '#CCCCCC';

const WIRE = /^#[0-9a-fA-F]{6}$/;
const TYPED = /^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$/;

/** True for a colour in the wire form '#RRGGBB' (any case). */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && WIRE.test(value);
}

/** A wire colour in its stored form ('#aabbcc' -> '#AABBCC'); undefined for anything else. */
export function canonicalColor(value: unknown): string | undefined {
  return isHexColor(value) ? value.toUpperCase() : undefined;
}

/** What a person typed ('#abc', 'abc', 'aabbcc', ' #AABBCC ') -> '#AABBCC'; undefined for anything else. */
export function normalizeHexColor(input: string): string | undefined {
  const m = TYPED.exec(input.trim());
  if (!m?.[1]) return undefined;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return `#${hex.toUpperCase()}`;
}

/** A colour as its red, green and blue bytes. */
export type Rgb = readonly [number, number, number];

/** [0x4c, 0x06, 0x1d] -> '#4C061D' (the stored form). Each byte is taken modulo 256. */
export function rgbToHex([r, g, b]: Rgb): string {
  return `#${((1 << 24) | ((r & 0xff) << 16) | ((g & 0xff) << 8) | (b & 0xff)).toString(16).slice(1).toUpperCase()}`;
}
