import { describe, expect, it } from 'vitest';
import { parsePixelKey, pixelKey } from './pixel-key.js';

describe('pixel keys', () => {
  it('writes "x-y" and reads it back', () => {
    expect(pixelKey(3, 48)).toBe('3-48');
    for (const [x, y] of [
      [0, 0],
      [48, 7],
      [12, 30],
    ] as const)
      expect(parsePixelKey(pixelKey(x, y))).toEqual({ x, y });
    expect(parsePixelKey(' 4-5 ')).toEqual({ x: 4, y: 5 });
  });

  it('names no pixel outside 0..48 or in another form', () => {
    for (const bad of [
      '49-1',
      '1-49',
      '-1-2',
      '1.5-2',
      'a-b',
      '1-2-3',
      '123-1',
      '1 - 2',
      '',
      12,
      null,
      undefined,
    ])
      expect(parsePixelKey(bad), String(bad)).toBeNull();
  });
});
