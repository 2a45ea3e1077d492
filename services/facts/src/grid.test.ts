import { describe, expect, it } from 'vitest';
import {
  boardIndexAt,
  boardOrigin,
  boardPixelAt,
  boardPosition,
  canvasPixelOf,
  CANVAS_SIZE,
  isBoardIndex,
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
});
