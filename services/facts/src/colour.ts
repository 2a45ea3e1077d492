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

// '00'..'FF' by byte: a board's 2401 colours are written on the hot path of a board read
const BYTE_HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0').toUpperCase());

/** [0x4c, 0x06, 0x1d] -> '#4C061D' (the stored form). Each byte is taken modulo 256. */
export function rgbToHex([r, g, b]: Rgb): string {
  return `#${BYTE_HEX[r & 0xff]}${BYTE_HEX[g & 0xff]}${BYTE_HEX[b & 0xff]}`;
}

/** The stored form of pixel `pixel` of packed RGB bytes (3 a pixel); undefined past their end. */
export function hexAt(rgb: Uint8Array, pixel: number): string | undefined {
  const o = pixel * 3;
  if (!Number.isInteger(pixel) || pixel < 0 || o + 3 > rgb.length) return undefined;
  return `#${BYTE_HEX[rgb[o]!]}${BYTE_HEX[rgb[o + 1]!]}${BYTE_HEX[rgb[o + 2]!]}`;
}

/** A colour in the wire form '#RRGGBB' (any case) as its bytes; RangeError for anything else. */
export function hexToRgb(hex: string): Rgb {
  if (!isHexColor(hex)) throw new RangeError(`not a #RRGGBB colour: ${hex}`);
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}
