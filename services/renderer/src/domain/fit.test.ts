import { describe, expect, it } from 'vitest';
import { containPlacement } from './fit.js';

describe('containPlacement', () => {
  it.each([
    ['keeps a square artwork whole and fills the canvas', 3000, 3000, [1225, 1225, 0, 0, 0, 0, false]],
    ['centres a wide artwork with white bands above and below', 400, 200, [1225, 613, 0, 306, 0, 306, true]],
    [
      'centres a tall artwork with white bands left and right',
      1000,
      4000,
      [306, 1225, 459, 0, 460, 0, false],
    ],
    ['never makes a side 0, even for a 1 x 10000 strip', 1, 10_000, [1, 1225, 612, 0, 612, 0, false]],
  ] as const)('%s', (_label, w, h, [width, height, left, top, right, bottom, enlarged]) => {
    const p = containPlacement(w, h, 1225);
    expect(p).toEqual({ width, height, left, top, right, bottom, enlarged });
    expect(p.left + p.width + p.right).toBe(1225);
    expect(p.top + p.height + p.bottom).toBe(1225);
  });

  it('refuses sizes that are not positive integers', () => {
    expect(() => containPlacement(0, 10, 1225)).toThrow(RangeError);
    expect(() => containPlacement(10, 1.5, 1225)).toThrow(RangeError);
    expect(() => containPlacement(10, 10, -1)).toThrow(RangeError);
  });
});
