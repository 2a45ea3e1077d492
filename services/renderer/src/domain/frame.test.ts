import { describe, expect, it } from 'vitest';
import { CanvasFrame, frameOffset, type BoardState } from './frame.js';
import { drawGrid, upscale } from './raster.js';

function board(boardIndex: number, version: number, soldOffsets: number[]): BoardState {
  const defaultColors = new Uint8Array(2401 * 3).fill(0x40);
  const currentColors = new Uint8Array(2401 * 3).fill(0xff);
  const ownerSlots = new Uint8Array(2401 * 2);
  for (const o of soldOffsets) {
    ownerSlots[o * 2] = 1;
    currentColors.set([1, 2, 3], o * 3);
  }
  return { boardIndex, defaultColors, currentColors, ownerSlots, version };
}

describe('canvas frame', () => {
  it('composes live (sold on white) and preview (artist colours under sold) from boards', () => {
    const f = new CanvasFrame(1);
    f.applyBoard(board(26, 3, [0]));
    const sold = frameOffset(26, 0, 0);
    const unsold = frameOffset(26, 1, 0);
    expect([...f.live.subarray(sold, sold + 3)]).toEqual([1, 2, 3]);
    expect([...f.preview.subarray(sold, sold + 3)]).toEqual([1, 2, 3]);
    expect([...f.live.subarray(unsold, unsold + 3)]).toEqual([255, 255, 255]);
    expect([...f.preview.subarray(unsold, unsold + 3)]).toEqual([0x40, 0x40, 0x40]);
    expect(sold).toBe((49 * 1225 + 49) * 3);
    expect(f.version()).toBe(3);
    // a late copy of the board at an older version (a slow stream) changes nothing
    f.applyBoard(board(26, 2, []));
    expect([...f.live.subarray(sold, sold + 3)]).toEqual([1, 2, 3]);
    expect(f.version()).toBe(3);
    f.applyBoard(board(0, 4, []));
    expect(f.version()).toBe(7);
  });

  it('applies committed pixels idempotently and changes its tag exactly when the content changes', () => {
    const f = new CanvasFrame(1);
    f.applyBoard(board(0, 1, []));
    const t0 = f.tag();
    expect(f.applyPixels(0, [{ x: 2, y: 3, rgb: [9, 9, 9] }], 2)).toBe(true);
    const t1 = f.tag();
    expect(t1).not.toBe(t0);
    expect(f.applyPixels(0, [{ x: 2, y: 3, rgb: [9, 9, 9] }], 2)).toBe(false); // redelivery
    expect(f.tag()).toBe(t1);
    // out of order: an older board version that still changes pixels changes the tag
    expect(f.applyPixels(0, [{ x: 4, y: 4, rgb: [7, 7, 7] }], 1)).toBe(true);
    expect(f.tag()).not.toBe(t1);
    // same versions, same tag, in any order
    const a = new CanvasFrame(1);
    const b = new CanvasFrame(1);
    a.applyPixels(3, [], 5);
    a.applyPixels(4, [], 2);
    b.applyPixels(4, [], 2);
    b.applyPixels(3, [], 5);
    expect(a.tag()).toBe(b.tag());
    const c = new CanvasFrame(1);
    c.applyPixels(3, [], 4);
    c.applyPixels(4, [], 3);
    expect(c.tag()).not.toBe(a.tag()); // same version sum, different boards
  });

  it('cuts a board tile', () => {
    const f = new CanvasFrame(1);
    f.applyBoard(board(624, 1, [2400]));
    const tile = f.boardTile(624, 'live');
    expect([...tile.subarray(2400 * 3)]).toEqual([1, 2, 3]);
    expect(tile[0]).toBe(255);
  });
});

describe('raster', () => {
  it('upscales by nearest neighbour', () => {
    const src = Buffer.from([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]); // 2x2
    const out = upscale(src, 2, 2);
    const px = (x: number, y: number) => out[(y * 4 + x) * 3];
    expect([px(0, 0), px(1, 1), px(2, 0), px(3, 1), px(0, 2), px(3, 3)]).toEqual([1, 1, 2, 2, 3, 4]);
    expect(upscale(src, 2, 1)).toBe(src);
  });

  it('draws the grid at board boundaries only', () => {
    const img = Buffer.alloc(6 * 6 * 3, 100);
    drawGrid(img, 6, 1, 3);
    const px = (x: number, y: number) => img[(y * 6 + x) * 3];
    expect([px(3, 0), px(0, 3), px(3, 3), px(2, 2), px(0, 0)]).toEqual([70, 70, 70, 100, 100]);
  });
});
