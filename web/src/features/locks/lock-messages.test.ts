// How the app words lock times: the countdown, its colour, the local expiry, the extend button.
import { describe, expect, it } from 'vitest';
import {
  countdownTone,
  EXTEND_LABEL,
  EXTEND_NAME,
  formatCountdown,
  lockEndingMessage,
  lockTime,
} from './lock-messages.js';

describe('the countdown', () => {
  it('is m:ss of whole seconds rounded up, 0:00 once passed', () => {
    expect(formatCountdown(5 * 60_000)).toBe('5:00');
    expect(formatCountdown(61_000)).toBe('1:01');
    expect(formatCountdown(60_001)).toBe('1:01');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(-5000)).toBe('0:00');
  });

  it('is red at 60 s or less, yellow at 120 s or less, green above (by the seconds shown)', () => {
    expect(countdownTone(0)).toBe('red');
    expect(countdownTone(60_000)).toBe('red');
    expect(countdownTone(60_001)).toBe('yellow'); // shows 1:01
    expect(countdownTone(120_000)).toBe('yellow');
    expect(countdownTone(120_001)).toBe('green');
  });
});

describe('lock texts of the app', () => {
  it('name an expiry in local date and time', () => {
    const at = Date.parse('2026-11-24T01:05:00.000Z');
    expect(lockTime(at)).toBe(new Date(at).toLocaleString());
  });

  it('take the extension from the lock rules', () => {
    expect(EXTEND_LABEL).toBe('+5m');
    expect(EXTEND_NAME).toBe('+5m: extend lock by 5 minutes');
    expect(lockEndingMessage(59_500)).toBe('Your lock ends in 1:00. Use +5m to keep editing.');
  });
});
