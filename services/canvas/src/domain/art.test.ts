import { describe, expect, it } from 'vitest';
import { boardColorsFromCanvasRgb } from './art.js';
import { CANVAS_RGB_BYTES, CANVAS_SIZE } from '@tessera/facts/grid';

describe('board colours from a canvas image', () => {
  it('cuts the 49x49 tile of a board out of the packed canvas', () => {
    const rgb = new Uint8Array(CANVAS_RGB_BYTES);
    // canvas pixel (50, 49) = board 26 (row 1, col 1), in-board (1, 0)
    rgb.set([0x12, 0x34, 0x56], (49 * CANVAS_SIZE + 50) * 3);
    const hex = boardColorsFromCanvasRgb(rgb, 26);
    expect(hex).toHaveLength(2401 * 6);
    expect(hex.slice(6, 12)).toBe('123456');
    expect(hex.slice(0, 6)).toBe('000000');
    expect(() => boardColorsFromCanvasRgb(new Uint8Array(3), 0)).toThrow(RangeError);
  });
});
