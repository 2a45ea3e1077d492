import { describe, expect, it } from 'vitest';
import { containPlacement } from './fit.js';

describe('containPlacement', () => {
  it('keeps a square artwork whole and fills the canvas', () => {
    expect(containPlacement(3000, 3000, 1225)).toEqual({
      width: 1225,
      height: 1225,
      left: 0,
      top: 0,
      right: 0,
      bottom: 0,
      enlarged: false,
    });
  });

  it('centres a wide artwork with white bands above and below', () => {
    const p = containPlacement(400, 200, 1225);
    expect(p).toMatchObject({ width: 1225, height: 613, left: 0, right: 0, enlarged: true });
    expect(p.top).toBe(306);
    expect(p.top + p.height + p.bottom).toBe(1225);
  });

  it('centres a tall artwork with white bands left and right', () => {
    const p = containPlacement(1000, 4000, 1225);
    expect(p).toMatchObject({ width: 306, height: 1225, top: 0, bottom: 0, enlarged: false });
    expect(p.left).toBe(459);
    expect(p.left + p.width + p.right).toBe(1225);
  });

  it('never makes a side 0, even for a 1 x 10000 strip', () => {
    expect(containPlacement(1, 10_000, 1225)).toMatchObject({
      width: 1,
      height: 1225,
      left: 612,
      right: 612,
    });
  });

  it('refuses sizes that are not positive integers', () => {
    expect(() => containPlacement(0, 10, 1225)).toThrow(RangeError);
    expect(() => containPlacement(10, 1.5, 1225)).toThrow(RangeError);
    expect(() => containPlacement(10, 10, -1)).toThrow(RangeError);
  });
});
