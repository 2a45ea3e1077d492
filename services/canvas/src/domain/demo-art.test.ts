import { describe, expect, it } from 'vitest';
import { demoBoardColors, demoColor } from './demo-art.js';

describe('demo artwork', () => {
  it('is deterministic, valid and varied', () => {
    const a = demoBoardColors(300);
    expect(a).toBe(demoBoardColors(300));
    expect(a).toMatch(/^[0-9A-F]{14406}$/);
    const colours = new Set<string>();
    for (let b = 0; b < 625; b += 13)
      for (let i = 0; i < 2401; i += 97) colours.add(demoBoardColors(b).slice(i * 6, i * 6 + 6));
    expect(colours.size).toBeGreaterThanOrEqual(8);
    expect(demoColor(0, 0)).toEqual(demoColor(6, 6)); // 7 px cells
    expect(() => demoBoardColors(625)).toThrow(RangeError);
  });
});
