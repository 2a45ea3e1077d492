import { describe, expect, it } from 'vitest';
import { isLockMinutes, minutesRemaining, secondsRemaining } from './locks.js';

describe('the length of a lock', () => {
  it('is 1 to 30 whole minutes', () => {
    for (const ok of [1, 5, 30]) expect(isLockMinutes(ok), String(ok)).toBe(true);
    for (const bad of [0, -5, 31, 2.5, NaN, Infinity]) expect(isLockMinutes(bad), String(bad)).toBe(false);
  });
});

describe('the time left of a lock', () => {
  const now = 1_000_000;

  it('is whole seconds rounded up, and 0 once passed', () => {
    expect(secondsRemaining(now + 1, now)).toBe(1);
    expect(secondsRemaining(now + 1000, now)).toBe(1);
    expect(secondsRemaining(now + 1001, now)).toBe(2);
    expect(secondsRemaining(now, now)).toBe(0);
    expect(secondsRemaining(now - 5000, now)).toBe(0);
  });

  it('is whole minutes rounded up, and 0 once passed', () => {
    expect(minutesRemaining(now + 61_000, now)).toBe(2);
    expect(minutesRemaining(now + 60_000, now)).toBe(1);
    expect(minutesRemaining(now + 1, now)).toBe(1);
    expect(minutesRemaining(now - 1, now)).toBe(0);
  });
});
