import { describe, expect, it } from 'vitest';
import {
  boardIndexAt,
  boardOrigin,
  boardPixelAt,
  boardPosition,
  BOARD_RGB_BYTES,
  canvasPixelOf,
  CANVAS_RGB_BYTES,
  CANVAS_SIZE,
  copyBoardTile,
  isBoardIndex,
  isCanvasIndex,
  isPixelCoordinate,
  pixelAtOffset,
  pixelOffset,
  PIXELS_PER_BOARD,
  TOTAL_BOARDS,
  TOTAL_PIXELS,
} from './grid.js';

describe('canvas grid', () => {
  it('is 25 x 25 boards of 49 x 49 pixels', () => {
    expect(TOTAL_BOARDS).toBe(625);
    expect(PIXELS_PER_BOARD).toBe(2401);
    expect(CANVAS_SIZE).toBe(1225);
    expect(TOTAL_PIXELS).toBe(1_500_625);
    expect(CANVAS_RGB_BYTES).toBe(4_501_875);
    expect(BOARD_RGB_BYTES).toBe(7_203);
  });

  it('takes canvas indexes from 0 to the int32 maximum', () => {
    for (const ok of [0, 1, 2_147_483_647]) expect(isCanvasIndex(ok), String(ok)).toBe(true);
    for (const bad of [-1, 2_147_483_648, 1.5, NaN, Infinity])
      expect(isCanvasIndex(bad), String(bad)).toBe(false);
  });

  it('maps board indexes to positions and back', () => {
    expect(boardPosition(0)).toEqual({ row: 0, col: 0 });
    expect(boardPosition(26)).toEqual({ row: 1, col: 1 });
    expect(boardPosition(51)).toEqual({ row: 2, col: 1 });
    expect(boardPosition(624)).toEqual({ row: 24, col: 24 });
    for (let i = 0; i < TOTAL_BOARDS; i++) {
      const { row, col } = boardPosition(i);
      expect(boardIndexAt(row, col)).toBe(i);
    }
  });

  it('rejects bad board indexes and coordinates', () => {
    for (const bad of [-1, 625, 1.5, NaN, Infinity]) {
      expect(isBoardIndex(bad)).toBe(false);
      expect(() => boardPosition(bad)).toThrow(RangeError);
    }
    for (const [x, y] of [
      [-1, 0],
      [0, 49],
      [2.5, 1],
      [NaN, 0],
    ] as const) {
      expect(isPixelCoordinate(x) && isPixelCoordinate(y)).toBe(false);
      expect(() => pixelOffset(x, y)).toThrow(RangeError);
      expect(() => canvasPixelOf(0, x, y)).toThrow(RangeError);
    }
    expect(() => boardIndexAt(25, 0)).toThrow(RangeError);
    expect(boardPixelAt(1225, 0)).toBeNull();
    expect(boardPixelAt(0, -1)).toBeNull();
    expect(boardPixelAt(1.5, 0)).toBeNull();
  });

  it('converts between board and canvas coordinates', () => {
    expect(pixelOffset(48, 48)).toBe(2400);
    expect(pixelAtOffset(2400)).toEqual({ x: 48, y: 48 });
    expect(pixelAtOffset(pixelOffset(3, 7))).toEqual({ x: 3, y: 7 });
    expect(boardOrigin(26)).toEqual({ x: 49, y: 49 });
    expect(canvasPixelOf(26, 3, 4)).toEqual({ x: 52, y: 53 });
    expect(canvasPixelOf(51, 3, 4)).toEqual({ x: 52, y: 102 });
    expect(boardPixelAt(52, 53)).toEqual({ boardIndex: 26, x: 3, y: 4 });
    expect(boardPixelAt(1224, 1224)).toEqual({ boardIndex: 624, x: 48, y: 48 });
  });

  it("cuts a board's tile out of a whole canvas of packed RGB", () => {
    const canvas = new Uint8Array(CANVAS_RGB_BYTES);
    // canvas pixel (x, y) holds (x mod 256, y mod 256, x + y mod 256)
    for (let y = 0; y < CANVAS_SIZE; y++)
      for (let x = 0; x < CANVAS_SIZE; x++)
        canvas.set([x & 255, y & 255, (x + y) & 255], (y * CANVAS_SIZE + x) * 3);
    const tile = copyBoardTile(canvas, 26, new Uint8Array(BOARD_RGB_BYTES));
    // board 26 starts at canvas pixel (49, 49); in-board (x, y) is at offset (y * 49 + x) * 3
    for (const [x, y] of [
      [0, 0],
      [48, 0],
      [0, 48],
      [48, 48],
      [7, 30],
    ] as const) {
      const at = pixelOffset(x, y) * 3;
      expect([...tile.subarray(at, at + 3)], `(${x}, ${y})`).toEqual([
        (49 + x) & 255,
        (49 + y) & 255,
        (98 + x + y) & 255,
      ]);
    }
    // the last board reaches the canvas's last byte
    const last = copyBoardTile(canvas, 624, new Uint8Array(BOARD_RGB_BYTES));
    expect([...last.subarray(BOARD_RGB_BYTES - 3)]).toEqual([...canvas.subarray(CANVAS_RGB_BYTES - 3)]);
    expect(() => copyBoardTile(new Uint8Array(3), 0, new Uint8Array(BOARD_RGB_BYTES))).toThrow(RangeError);
    // a tile too short is refused before any byte is written
    const short = new Uint8Array(BOARD_RGB_BYTES - 1);
    expect(() => copyBoardTile(canvas, 0, short)).toThrow(RangeError);
    expect(short.every((b) => b === 0)).toBe(true);
    expect(() => copyBoardTile(canvas, 625, new Uint8Array(BOARD_RGB_BYTES))).toThrow(RangeError);
  });
});
