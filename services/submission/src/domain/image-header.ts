/**
 * What an uploaded file claims to be, read from its first bytes before any decoder runs: the format
 * by its magic bytes (PNG, JPEG, WebP only) and the pixel dimensions from its header (PNG IHDR, the
 * JPEG start-of-frame, the WebP VP8/VP8L/VP8X header). An image declaring more than MAX_SIDE pixels
 * on a side is refused here, so a small file declaring 20000x20000 pixels is never decoded. Pure.
 */
import { IMAGE_MESSAGES, type ImageType } from '@tessera/facts/artwork';

export const MAX_SIDE = 4096;

export const DIMENSIONS_MESSAGE = `Images may be at most ${MAX_SIDE}x${MAX_SIDE} pixels.`;
export const UNREADABLE_MESSAGE =
  'The image could not be read. Please upload a valid PNG, JPEG or WebP file.';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

/** The format by magic bytes, or null for anything else (HTML, SVG, GIF, text, ...). */
export function sniffImageType(b: Uint8Array): ImageType | null {
  if (b.length >= 8 && PNG_MAGIC.every((v, i) => b[i] === v)) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'image/webp';
  return null;
}

export interface Dimensions {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);

function pngDimensions(b: Uint8Array): Dimensions | null {
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

/** The first start-of-frame marker's dimensions (SOF0..SOF15 except DHT C4, JPG C8, DAC CC). */
function jpegDimensions(b: Uint8Array): Dimensions | null {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    // markers without a length
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const len = u16be(b, i + 2);
    if (len < 2) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 9 > b.length) return null;
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    }
    if (marker === 0xda || marker === 0xd9) return null; // scan data before any frame header
    i += 2 + len;
  }
  return null;
}

function webpDimensions(b: Uint8Array): Dimensions | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === 'VP8 ') {
    // key frame start code 9d 01 2a, then 14-bit width and height
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

/** The dimensions the header declares, or null when the header cannot be read. */
export function headerDimensions(b: Uint8Array, type: ImageType): Dimensions | null {
  if (type === 'image/png') return pngDimensions(b);
  if (type === 'image/jpeg') return jpegDimensions(b);
  return webpDimensions(b);
}

export type HeaderCheck =
  { ok: true; type: ImageType; width: number; height: number } | { ok: false; message: string };

/**
 * The checks before decoding: a known format by magic bytes that is the declared content type, and
 * readable dimensions of 1..MAX_SIDE on each side.
 */
export function checkImageHeader(b: Uint8Array, declaredType: string): HeaderCheck {
  const type = sniffImageType(b);
  if (!type || type !== declaredType.toLowerCase()) return { ok: false, message: IMAGE_MESSAGES.api.type };
  const dims = headerDimensions(b, type);
  if (!dims || dims.width < 1 || dims.height < 1) return { ok: false, message: UNREADABLE_MESSAGE };
  if (dims.width > MAX_SIDE || dims.height > MAX_SIDE) return { ok: false, message: DIMENSIONS_MESSAGE };
  return { ok: true, type, ...dims };
}
