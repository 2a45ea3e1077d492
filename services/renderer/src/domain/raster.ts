/**
 * Output rasters: nearest-neighbour upscaling of an RGB frame by an integer scale, and the optional
 * board grid (a 1-pixel darkened line at every board boundary). Pure functions on Buffers.
 */
import { BOARD_SIZE } from '@tessera/facts/grid';

/** Scales a square `size` x `size` RGB image by `scale` (1 returns the input itself). */
export function upscale(src: Buffer, size: number, scale: number): Buffer {
  if (scale === 1) return src;
  const outSize = size * scale;
  const out = Buffer.allocUnsafe(outSize * outSize * 3);
  const row = Buffer.allocUnsafe(outSize * 3);
  for (let y = 0; y < size; y++) {
    let o = 0;
    for (let x = 0; x < size; x++) {
      const s = (y * size + x) * 3;
      const r = src[s]!;
      const g = src[s + 1]!;
      const b = src[s + 2]!;
      for (let k = 0; k < scale; k++) {
        row[o++] = r;
        row[o++] = g;
        row[o++] = b;
      }
    }
    for (let k = 0; k < scale; k++) row.copy(out, (y * scale + k) * outSize * 3);
  }
  return out;
}

/** Darkens to 70% the first output row and column of every board but the first (in place). */
export function drawGrid(img: Buffer, outSize: number, scale: number, tile = BOARD_SIZE): void {
  const step = tile * scale;
  const darken = (i: number) => {
    img[i] = Math.round(img[i]! * 0.7);
    img[i + 1] = Math.round(img[i + 1]! * 0.7);
    img[i + 2] = Math.round(img[i + 2]! * 0.7);
  };
  for (let line = step; line < outSize; line += step) {
    for (let i = 0; i < outSize; i++) {
      darken((line * outSize + i) * 3); // horizontal line
      if (i === 0 || i % step !== 0) darken((i * outSize + line) * 3); // vertical line (crossings darkened once)
    }
  }
}
