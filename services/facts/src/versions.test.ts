import { describe, expect, it } from 'vitest';
import { BoardVersions } from './versions.js';

describe('the canvas version', () => {
  it('is the sum of the board versions, and a late report of an older version changes nothing', () => {
    const v = new BoardVersions();
    expect(v.total()).toBe(0);
    expect(v.note(0, 3)).toBe(true);
    expect(v.note(624, 5)).toBe(true);
    expect(v.total()).toBe(8);
    // an older version of board 0 arrives late: ignored
    expect(v.note(0, 2)).toBe(false);
    expect(v.of(0)).toBe(3);
    expect(v.total()).toBe(8);
    // the same version again is a repeat, a newer one replaces it
    expect(v.note(0, 3)).toBe(true);
    expect(v.note(0, 10)).toBe(true);
    expect(v.total()).toBe(15);
    expect(v.of(1)).toBe(0);
  });

  it('agrees with a sum over the boards after any sequence of reports', () => {
    const v = new BoardVersions();
    const latest = new Map<number, number>();
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 5000; i++) {
      const board = next() % 625;
      const version = next() % 1000;
      v.note(board, version);
      latest.set(board, Math.max(latest.get(board) ?? 0, version));
    }
    expect(v.total()).toBe([...latest.values()].reduce((a, b) => a + b, 0));
  });

  it('refuses a bad board index or version', () => {
    const v = new BoardVersions();
    for (const bad of [-1, 625, 1.5]) expect(() => v.note(bad, 1)).toThrow(RangeError);
    for (const bad of [-1, 1.5, NaN, Infinity]) expect(() => v.note(0, bad)).toThrow(RangeError);
    expect(v.total()).toBe(0);
  });
});
