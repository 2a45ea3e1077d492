import { describe, expect, it } from 'vitest';
import { secondsLeft } from './use-countdown.js';

describe('secondsLeft', () => {
  it('rounds up and stops at 0', () => {
    expect(secondsLeft(null, 0)).toBe(0);
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 61_000)).toBe(0);
  });
});
