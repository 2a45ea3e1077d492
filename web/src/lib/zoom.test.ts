import { describe, expect, it } from 'vitest';
import { clampZoom, wheelDeltaPixels } from './zoom.js';

describe('clampZoom', () => {
  it('holds a zoom within its range, and a zoom that is not a number at 100%', () => {
    expect(clampZoom(0.01, 0.1, 4)).toBe(0.1);
    expect(clampZoom(9, 0.1, 4)).toBe(4);
    expect(clampZoom(2.5, 0.1, 4)).toBe(2.5);
    expect(clampZoom(0.1, 0.3, 3)).toBe(0.3);
    expect(clampZoom(Number.NaN, 0.3, 3)).toBe(1);
    expect(clampZoom(Number.POSITIVE_INFINITY, 0.3, 3)).toBe(1);
  });
});

describe('wheelDeltaPixels', () => {
  it('measures pixels as they are, a line as 16 px and a page as 800 px', () => {
    expect(wheelDeltaPixels(3, 0)).toBe(3);
    expect(wheelDeltaPixels(3, 1)).toBe(48);
    expect(wheelDeltaPixels(-1, 2)).toBe(-800);
  });
});
