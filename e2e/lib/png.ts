// Small real PNG images for the browser tests (no image library): a block pattern in a palette,
// encoded as 8-bit RGB with zlib, as any decoder (the browser's, the submission service's) reads it.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

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
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The spec's quick colours, as a palette for test artwork. */
export const PALETTE: Rgb[] = [
  [0xd4, 0xe4, 0xbc],
  [0x96, 0xac, 0xb7],
  [0x36, 0x55, 0x8f],
  [0x40, 0x37, 0x6e],
  [0x48, 0x23, 0x3c],
  [0x4c, 0x06, 0x1d],
  [0xd1, 0x7a, 0x22],
  [0xb4, 0xc2, 0x92],
  [0x73, 0x6f, 0x4e],
  [0x3b, 0x39, 0x23],
];

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
