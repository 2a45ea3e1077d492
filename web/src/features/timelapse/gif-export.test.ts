// The exported GIF decoded by an independent decoder (sharp / libvips): an animated image of the
// expected size and frame count, whose last frame shows every purchase in its colour.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { CANVAS_SIZE } from '@tessera/facts/grid';
import { decodeHistory, encodeHistory, type HistoryCommit } from '@tessera/facts/timelapse';
import { encodeTimelapseGif, gifPalette, gifSteps } from './gif-export.js';

const commits: HistoryCommit[] = Array.from({ length: 30 }, (_, i) => ({
  atMs: 1000 * (i + 1),
  offsets: [i * CANVAS_SIZE + i, i * CANVAS_SIZE + i + 1],
  colors: [0xff0000 + i, 0x0000ff],
}));
const history = decodeHistory(encodeHistory(commits));

async function pixel(raw: Buffer, page: number, x: number, y: number): Promise<number[]> {
  const at = (page * CANVAS_SIZE * CANVAS_SIZE + y * CANVAS_SIZE + x) * 4;
  return [...raw.subarray(at, at + 3)];
}

describe('timelapse GIF export', () => {
  it('spreads the frames over the purchases, blank first and every purchase last', () => {
    expect(gifSteps(30, 3)).toEqual([0, 10, 20, 30]);
    expect(gifSteps(2, 24)).toEqual([0, 1, 2]);
    expect(gifSteps(0, 24)).toEqual([0]);
  });

  it('is a valid animated GIF with the expected frame count, size and final colours', async () => {
    const bytes = await encodeTimelapseGif(history, { frames: 6 });
    expect(new TextDecoder().decode(bytes.subarray(0, 6))).toBe('GIF89a');
    const meta = await sharp(bytes, { animated: true }).metadata();
    expect(meta.format).toBe('gif');
    expect(meta.pages).toBe(7);
    expect(meta.width).toBe(CANVAS_SIZE);
    expect(meta.pageHeight).toBe(CANVAS_SIZE);
    expect(meta.loop).toBe(0);
    expect(meta.delay).toEqual([120, 120, 120, 120, 120, 120, 2000]);
    const raw = await sharp(bytes, { animated: true }).ensureAlpha().raw().toBuffer();
    // the first frame is blank; the last shows the last purchase's pixels
    expect(await pixel(raw, 0, 29, 29)).toEqual([255, 255, 255]);
    expect(await pixel(raw, 6, 29, 29)).toEqual([0xff, 0x00, 29]);
    expect(await pixel(raw, 6, 30, 29)).toEqual([0, 0, 0xff]);
    // frame 3 (steps 0, 5, 10, 15, ...) shows purchase 15 (index 14) but not purchase 16
    expect(await pixel(raw, 3, 14, 14)).toEqual([0xff, 0x00, 14]);
    expect(await pixel(raw, 3, 15, 15)).toEqual([255, 255, 255]);
  });

  it('reduces more than 256 colours to a 256-colour palette', () => {
    const many = decodeHistory(
      encodeHistory([
        {
          atMs: 1,
          offsets: Array.from({ length: 600 }, (_, i) => i),
          colors: Array.from({ length: 600 }, (_, i) => i * 997),
        },
      ]),
    );
    const { palette, indexOf } = gifPalette(many);
    expect(palette.length).toBeLessThanOrEqual(256);
    expect(Math.max(...indexOf.values())).toBeLessThan(palette.length);
  });
});
