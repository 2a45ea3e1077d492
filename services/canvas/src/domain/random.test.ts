import { describe, expect, it } from 'vitest';
import { pickUniform, pickWeighted } from './random.js';
import { TOTAL_PIXELS } from '@tessera/facts/grid';
import { CanvasSummary } from './canvas.js';

describe('random choice', () => {
  it('picks by weight, never a zero weight', () => {
    expect(pickWeighted([0, 0, 0], 0.5)).toBe(-1);
    expect(pickWeighted([0, 2, 0, 2], 0)).toBe(1);
    expect(pickWeighted([0, 2, 0, 2], 0.49)).toBe(1);
    expect(pickWeighted([0, 2, 0, 2], 0.5)).toBe(3);
    expect(pickWeighted([0, 2, 0, 2], 0.999999)).toBe(3);
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i++) counts[pickWeighted([1, 0, 2], i / 3000)]! += 1;
    expect(counts).toEqual([1000, 0, 2000]);
  });

  it('picks uniformly from a list', () => {
    expect(pickUniform([], 0.3)).toBeUndefined();
    expect(pickUniform(['a', 'b'], 0)).toBe('a');
    expect(pickUniform(['a', 'b'], 0.99)).toBe('b');
  });
});

describe('canvas summary', () => {
  it('sums sold counts and versions and ignores older board states', () => {
    const s = new CanvasSummary();
    expect(s.unsoldPixels()).toBe(TOTAL_PIXELS);
    s.update(3, 10, 2);
    s.update(3, 5, 1); // older: ignored
    s.update(7, 1, 1);
    expect(s.soldPixels()).toBe(11);
    expect(s.version()).toBe(3);
    expect(s.unsold(3)).toBe(2391);
  });
});
