import { describe, expect, it } from 'vitest';
import { applyPatch, diffValues, PatchError, type Patch } from './diff.js';
import { edited, randomObject, randomValue, seeded } from './test/random-json.js';
import { cloneJson, deepEqual, type Json } from './values.js';

/** What replay sees: the patch after a trip through the log's JSON. */
const throughLog = (p: Patch): unknown => JSON.parse(JSON.stringify(p));

/** `b` rebuilt from `a` and their patch equals `b` exactly: values, types and field order. */
function expectReproduced(a: Json, b: Json): void {
  const patch = diffValues(a, b);
  expect(patch === undefined, JSON.stringify({ a, b })).toBe(deepEqual(a, b));
  const got = patch === undefined ? a : applyPatch(JSON.parse(JSON.stringify(a)) as Json, throughLog(patch));
  expect(JSON.stringify(got)).toBe(JSON.stringify(b));
  expect(deepEqual(got, b)).toBe(true);
}

describe('diffValues / applyPatch', () => {
  it('rebuilds the edited value exactly, over thousands of random edits (seeded)', () => {
    const seed = Math.floor(Math.random() * 2 ** 31);
    const r = seeded(seed);
    for (let i = 0; i < 3000; i++) {
      const a = i % 2 === 0 ? randomObject(r) : randomValue(r);
      const b = edited(r, a);
      const before = JSON.stringify(a);
      try {
        expectReproduced(a, b);
        expectReproduced(b, a);
        expectReproduced(a, cloneJson(a));
      } catch (err) {
        throw new Error(`seed ${seed}, case ${i}: ${(err as Error).message}`, { cause: err });
      }
      expect(JSON.stringify(a), 'applying a patch never changes its base').toBe(before);
    }
  });

  it('logs what changed in a large document, not the document', () => {
    const owners: Json[] = Array.from({ length: 2401 }, (_, i) => (i % 3 === 0 ? `user-${i}` : null));
    const before = {
      _id: '0:1',
      colors: 'FFFFFF'.repeat(2401),
      owners,
      reservations: [{ orderId: 'o1', pixels: [{ offset: 5 }] }],
      committed: ['o0'],
      version: 7,
    };
    const colors = `${before.colors.slice(0, 30)}00FF00${before.colors.slice(36)}`;
    const after = {
      ...before,
      colors,
      owners: owners.map((o, i) => (i === 5 ? 'user-x' : o)),
      reservations: [],
      committed: ['o0', 'o1'],
      version: 8,
    };
    const patch = diffValues(before, after) as Patch;
    expect(patch).toEqual([
      1,
      [
        ['colors', [3, 30, 6, '00FF00']],
        ['owners', [2, 2401, [[5, [0, 'user-x']]], []]],
        ['reservations', [2, 0, [], []]],
        ['committed', [2, 1, [], ['o1']]],
        ['version', [0, 8]],
      ],
    ]);
    expect(JSON.stringify(patch).length).toBeLessThan(200);
    expect(applyPatch(before, throughLog(patch))).toEqual(after);
  });

  it('records removed fields and a changed field order', () => {
    expect(diffValues({ a: 1, b: 2, c: 3 }, { a: 1, c: 3 })).toEqual([1, [], ['b']]);
    expect(diffValues({ a: 1, b: 2 }, { b: 2, a: 1 })).toEqual([1, [], [], ['b', 'a']]);
    expect(diffValues({ a: 1 }, { a: 1, b: 2 })).toEqual([1, [['b', [0, 2]]]]);
    expect(diffValues({ a: [1, 2, 3] }, { a: [1] })).toEqual([1, [['a', [2, 1, [], []]]]]);
    expect(diffValues({ a: 1 }, { a: '1' })).toEqual([1, [['a', [0, '1']]]]);
    expect(diffValues([1, 2, 3, 4], [9, 9, 9, 4])).toEqual([0, [9, 9, 9, 4]]); // mostly changed: whole
  });

  it('refuses patches that do not fit the value (a corrupt log)', () => {
    const bad: [Json, unknown][] = [
      [{ a: 1 }, [2, 0, [], []]],
      [
        [1, 2],
        [2, 3, [], []],
      ],
      [
        [1, 2],
        [2, 1, [[1, [0, 5]]], []],
      ],
      ['abc', [3, 2, 5, 'x']],
      [{ a: 1 }, [1, [['b', [3, 0, 0, 'x']]]]],
      [{ a: 1 }, [1, [], [], ['a', 'b']]],
      [{ a: 1 }, [1, [['b', [0, 1]]], [], ['a']]],
      [{ a: 1 }, [1, [['__proto__', [0, 1]]]]],
      [{ a: 1 }, [9, 1]],
      [{ a: 1 }, 'x'],
    ];
    for (const [value, patch] of bad)
      expect(() => applyPatch(value, patch), JSON.stringify(patch)).toThrow(PatchError);
  });
});
