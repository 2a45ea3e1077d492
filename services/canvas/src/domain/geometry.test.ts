import { describe, expect, it } from 'vitest';
import {
  boardIndexAt,
  boardPosition,
  canvasCoordinates,
  locateCanvasPixel,
  normalizeHexColor,
  pixelOffset,
  TOTAL_BOARDS,
  CANVAS_SIZE,
} from './geometry.js';

describe('canvas geometry', () => {
  it('maps board indexes to positions and back', () => {
    expect(TOTAL_BOARDS).toBe(625);
    expect(CANVAS_SIZE).toBe(1225);
    expect(boardPosition(0)).toEqual({ row: 0, col: 0 });
    expect(boardPosition(26)).toEqual({ row: 1, col: 1 });
    expect(boardPosition(624)).toEqual({ row: 24, col: 24 });
    for (let i = 0; i < TOTAL_BOARDS; i++) {
      const { row, col } = boardPosition(i);
      expect(boardIndexAt(row, col)).toBe(i);
    }
  });

  it('rejects bad board indexes and coordinates', () => {
    for (const bad of [-1, 625, 1.5, NaN, Infinity]) expect(() => boardPosition(bad)).toThrow(RangeError);
    for (const [x, y] of [
      [-1, 0],
      [0, 49],
      [2.5, 1],
      [NaN, 0],
    ] as const)
      expect(() => pixelOffset(x, y)).toThrow(RangeError);
    expect(() => boardIndexAt(25, 0)).toThrow(RangeError);
    expect(() => locateCanvasPixel(1225, 0)).toThrow(RangeError);
  });

  it('converts between board and canvas coordinates', () => {
    expect(pixelOffset(48, 48)).toBe(2400);
    expect(canvasCoordinates(26, 3, 4)).toEqual({ x: 52, y: 53 });
    expect(locateCanvasPixel(52, 53)).toEqual({ boardIndex: 26, x: 3, y: 4 });
    expect(locateCanvasPixel(1224, 1224)).toEqual({ boardIndex: 624, x: 48, y: 48 });
  });

  it('normalises hex colours', () => {
    expect(normalizeHexColor('#abc')).toBe('#AABBCC');
    expect(normalizeHexColor('188118')).toBe('#188118');
    expect(normalizeHexColor(' #D4e4BC ')).toBe('#D4E4BC');
    for (const bad of ['', '#12', '#12345g', 'red', '#1234567']) expect(normalizeHexColor(bad)).toBeNull();
  });
});
