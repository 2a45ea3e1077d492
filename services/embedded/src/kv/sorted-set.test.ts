import { describe, expect, it } from 'vitest';
import { ExpiryHeap } from './expiry-heap.js';
import { SortedSet, compareScored, type ScoredMember } from './sorted-set.js';

/** A deterministic pseudo-random sequence (no flaky seeds). */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('SortedSet', () => {
  it('matches a naive model over thousands of random adds, updates and removals', () => {
    const rnd = lcg(42);
    const set = new SortedSet();
    const model = new Map<string, number>();
    for (let step = 0; step < 5000; step++) {
      const member = `m${Math.floor(rnd() * 300)}`;
      const score = Math.floor(rnd() * 50) - 25 + (rnd() < 0.2 ? 0.5 : 0);
      if (rnd() < 0.3) {
        expect(set.remove(member)).toBe(model.delete(member));
      } else {
        expect(set.add(member, score)).toBe(!model.has(member));
        model.set(member, score);
      }
      if (step % 250 === 0 || step === 4999) {
        const sorted: ScoredMember[] = [...model]
          .map(([m, s]) => ({ member: m, score: s }))
          .sort(compareScored);
        const min = Math.floor(rnd() * 60) - 30;
        const max = min + Math.floor(rnd() * 30);
        const limit = rnd() < 0.5 ? undefined : Math.floor(rnd() * 10);
        const expected = sorted.filter((x) => x.score >= min && x.score <= max).slice(0, limit);
        expect(set.rangeByScore(min, max, limit)).toEqual(expected);
        expect(set.rangeByScore(Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY)).toEqual(sorted);
        expect(set.size).toBe(model.size);
      }
    }
  });

  it('re-adding a member with the same score changes nothing', () => {
    const set = new SortedSet();
    expect(set.add('a', 1)).toBe(true);
    expect(set.add('a', 1)).toBe(false);
    expect(set.size).toBe(1);
    expect(set.score('a')).toBe(1);
  });

  it('returned items are copies', () => {
    const set = new SortedSet();
    set.add('a', 1);
    const [item] = set.rangeByScore(0, 2);
    item!.score = 99;
    expect(set.rangeByScore(0, 2)).toEqual([{ member: 'a', score: 1 }]);
  });
});

describe('ExpiryHeap', () => {
  it('pops deadlines in time order', () => {
    const rnd = lcg(7);
    const heap = new ExpiryHeap();
    const ats = Array.from({ length: 1000 }, () => Math.floor(rnd() * 10_000));
    ats.forEach((at, i) => heap.push({ at, key: `k${i}` }));
    const popped: number[] = [];
    for (let d = heap.pop(); d; d = heap.pop()) popped.push(d.at);
    expect(popped).toEqual([...ats].sort((a, b) => a - b));
    expect(heap.size).toBe(0);
    expect(heap.pop()).toBeUndefined();
  });

  it('rebuild keeps only accepted deadlines, still in order', () => {
    const heap = new ExpiryHeap();
    for (let i = 20; i > 0; i--) heap.push({ at: i, key: i % 2 ? 'odd' : 'even' });
    heap.rebuild((d) => d.key === 'odd');
    expect(heap.size).toBe(10);
    expect(heap.peek()?.at).toBe(1);
    const popped: number[] = [];
    for (let d = heap.pop(); d; d = heap.pop()) popped.push(d.at);
    expect(popped).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19]);
  });
});
