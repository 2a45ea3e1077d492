// Small real PNG images for the browser tests (no image library, so they are made synchronously): a
// block pattern in a palette, encoded as 8-bit RGB with zlib in the submission service's test chunks,
// as any decoder (the browser's, the submission service's) reads it.
import { deflateSync } from 'node:zlib';
import { hexToRgb } from '@tessera/facts/colour';
import { pngChunk } from '@tessera/submission/testing';
import { QUICK_COLOURS } from '../../web/src/features/editor/model/colour.js';

export type Rgb = [number, number, number];

/** Encodes width x height RGB pixels given by `colourAt(x, y)`. */
export function encodePng(width: number, height: number, colourAt: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = colourAt(x, y);
      raw[o++] = r;
      raw[o++] = g;
      raw[o++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `#RRGGBB` as its red, green and blue. */
export const rgbOf = (hex: string): Rgb => [...hexToRgb(hex)];

/** The spec's quick colours (the editor's QUICK_COLOURS), as a palette for test artwork. */
export const PALETTE: Rgb[] = QUICK_COLOURS.map(rgbOf);

/** A size x size "pixel art" PNG of 12 px blocks; `seed` picks the pattern and colours. */
export function artworkPng(seed: number, size = 96): Buffer {
  const block = 12;
  return encodePng(size, size, (x, y) => {
    const bx = Math.floor(x / block);
    const by = Math.floor(y / block);
    const ring = Math.max(Math.abs(bx - 3.5), Math.abs(by - 3.5));
    const index = Math.floor(ring + seed * 3 + ((bx * by + seed) % 3)) % PALETTE.length;
    return PALETTE[index] ?? [0, 0, 0];
  });
}
