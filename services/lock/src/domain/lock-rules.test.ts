import { describe, expect, it } from 'vitest';
import { boardLockKey, extendedExpiry, lockDurationMs, userLockKey } from './lock-rules.js';

describe('lock rules', () => {
  it('defaults to 5 minutes and validates durations', () => {
    expect(lockDurationMs(undefined)).toBe(300_000);
    expect(lockDurationMs(1)).toBe(60_000);
    for (const bad of [0, -5, 31, 2.5, NaN]) expect(() => lockDurationMs(bad)).toThrow(RangeError);
  });

  it('extends by 5 minutes from the later of expiry and now, capped at 30 minutes', () => {
    const now = 0;
    expect(extendedExpiry(120_000, now)).toBe(420_000);
    expect(extendedExpiry(-10_000, now)).toBe(300_000);
    expect(extendedExpiry(28 * 60_000, now)).toBe(30 * 60_000);
  });

  it('names keys per board and per user', () => {
    expect(boardLockKey(1, 42)).toBe('lock:board:1:42');
    expect(userLockKey('u1')).toBe('lock:user:u1');
  });
});
