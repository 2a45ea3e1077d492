import { describe, expect, it } from 'vitest';
import {
  alreadyHoldingMessage,
  boardLockedByMessage,
  existingLockMessage,
  EXTEND_LOCK_MINUTES,
  isLockMinutes,
  LOCK_CONFLICT,
  LOCK_MESSAGES,
  lockedByUntilMessage,
  lockExtendedMessage,
  minutesRemaining,
  secondsRemaining,
} from './locks.js';

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

describe('the lock texts', () => {
  it('fill the spec templates with the time as given', () => {
    expect(existingLockMessage(10, 2)).toBe(
      'You already have board 10 locked on canvas 2. Please release it first.',
    );
    expect(lockedByUntilMessage(10, 'ada', '3:05 PM')).toBe('Board 10 is locked by ada until 3:05 PM');
    expect(alreadyHoldingMessage(3)).toBe('You already have Board 3 locked. Release it first.');
    expect(boardLockedByMessage('ada', 'T')).toBe('Board is locked by ada until T');
  });

  it('name a holder without a username "another user"', () => {
    for (const none of [null, '']) {
      expect(lockedByUntilMessage(1, none, 'T')).toBe('Board 1 is locked by another user until T');
      expect(boardLockedByMessage(none, 'T')).toBe('Board is locked by another user until T');
    }
  });

  it('say how far an extension went, 5 minutes unless told', () => {
    expect(lockExtendedMessage()).toBe('Lock extended by 5 minutes');
    expect(lockExtendedMessage(EXTEND_LOCK_MINUTES)).toBe(lockExtendedMessage());
    expect(lockExtendedMessage(12)).toBe('Lock extended by 12 minutes');
  });

  it('name the two conflicts as the API does', () => {
    expect(LOCK_CONFLICT).toEqual({ existingLock: 'existing_lock', lockedByOther: 'locked_by_other' });
    expect(LOCK_MESSAGES.signInRequired).toBe('Authentication required to acquire board lock');
  });
});
