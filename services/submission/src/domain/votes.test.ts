import { describe, expect, it } from 'vitest';
import { applyVote, isRemoved, type VoteValue } from './votes.js';

describe('votes', () => {
  it('sets, removes and switches a vote', () => {
    expect(applyVote(0, 1)).toEqual({ next: 1, delta: 1 });
    expect(applyVote(1, 1)).toEqual({ next: 0, delta: -1 });
    expect(applyVote(1, -1)).toEqual({ next: -1, delta: -2 });
    expect(applyVote(-1, 1)).toEqual({ next: 1, delta: 2 });
    expect(applyVote(-1, -1)).toEqual({ next: 0, delta: 1 });
  });

  it('keeps net score equal to the sum of votes over any tap sequence', () => {
    const votes = new Map<number, VoteValue>();
    let score = 0;
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5000; i++) {
      const user = Math.floor(rand() * 40);
      const t = applyVote(votes.get(user) ?? 0, rand() < 0.5 ? 1 : -1);
      votes.set(user, t.next);
      score += t.delta;
      expect(score).toBe([...votes.values()].reduce<number>((a, b) => a + b, 0));
    }
  });

  it('removes at -10 or lower', () => {
    expect(isRemoved(-9)).toBe(false);
    expect(isRemoved(-10)).toBe(true);
    expect(isRemoved(-11)).toBe(true);
  });
});
