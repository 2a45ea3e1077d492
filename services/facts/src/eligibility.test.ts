import { describe, expect, it } from 'vitest';
import {
  isEligibleVoter,
  isVerifyCodeShape,
  recentSends,
  VERIFY_MAX_SENDS,
  VERIFY_RESEND_COOLDOWN_MS,
  VERIFY_SEND_WINDOW_MS,
  verifySendWait,
  voteRefusal,
} from './eligibility.js';

const none = { emailVerified: false, paidPixel: false };

describe('vote eligibility', () => {
  it('a verified address or a paid pixel is enough; neither is not', () => {
    expect(isEligibleVoter(none)).toBe(false);
    expect(isEligibleVoter({ emailVerified: true, paidPixel: false })).toBe(true);
    expect(isEligibleVoter({ emailVerified: false, paidPixel: true })).toBe(true);
    expect(isEligibleVoter({ emailVerified: true, paidPixel: true })).toBe(true);
  });

  it('refuses the author (even an eligible one) first, then an ineligible voter', () => {
    expect(voteRefusal('a', 'a', { emailVerified: true, paidPixel: true })).toBe('own');
    expect(voteRefusal('a', 'a', none)).toBe('own');
    expect(voteRefusal('b', 'a', none)).toBe('ineligible');
    expect(voteRefusal('b', 'a', { emailVerified: true, paidPixel: false })).toBeNull();
    expect(voteRefusal('b', 'a', { emailVerified: false, paidPixel: true })).toBeNull();
  });
});

describe('verification code', () => {
  it('is six digits and nothing else', () => {
    expect(isVerifyCodeShape('012345')).toBe(true);
    for (const bad of ['12345', '1234567', '12 345', 'abcdef', ''])
      expect(isVerifyCodeShape(bad)).toBe(false);
  });

  it('one send per cooldown, at most VERIFY_MAX_SENDS per window', () => {
    const t0 = 1_000_000_000;
    expect(verifySendWait([], t0)).toEqual({ waitMs: 0, quota: false });
    expect(verifySendWait([t0], t0 + 1000)).toEqual({
      waitMs: VERIFY_RESEND_COOLDOWN_MS - 1000,
      quota: false,
    });
    expect(verifySendWait([t0], t0 + VERIFY_RESEND_COOLDOWN_MS)).toEqual({ waitMs: 0, quota: false });
    const sends = Array.from({ length: VERIFY_MAX_SENDS }, (_, i) => t0 + i * VERIFY_RESEND_COOLDOWN_MS);
    const later = t0 + 10 * VERIFY_RESEND_COOLDOWN_MS;
    expect(verifySendWait(sends, later)).toEqual({ waitMs: t0 + VERIFY_SEND_WINDOW_MS - later, quota: true });
    // a day after the first send, one more may go
    expect(verifySendWait(sends, t0 + VERIFY_SEND_WINDOW_MS).quota).toBe(false);
    expect(recentSends(sends, t0 + VERIFY_SEND_WINDOW_MS)).toHaveLength(VERIFY_MAX_SENDS - 1);
    // a send stamped in the future (a clock that went back) counts as now: no endless wait
    expect(verifySendWait([t0 + 10 * VERIFY_SEND_WINDOW_MS], t0).waitMs).toBe(VERIFY_RESEND_COOLDOWN_MS);
  });
});
