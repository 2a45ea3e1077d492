import { describe, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_MS, REFRESH_TOKEN_TTL_MS, SESSION_MAX_AGE_MS } from './policy.js';
import { codeInMail, resendWait, resetCodeExpiry, resetCodeStatus, resetMail } from './reset.js';
import { decideRefresh, familyExpiry, refreshExpiry } from './sessions.js';

describe('refresh rotation rules', () => {
  const family = { revokedAt: null, expiresAt: 10_000 };
  it('decides ok, overlap, reused, revoked and expired', () => {
    const long = { revokedAt: null, expiresAt: 10 * REFRESH_REUSE_GRACE_MS };
    const token = { expiresAt: 5 * REFRESH_REUSE_GRACE_MS, usedAt: 900 };
    expect(decideRefresh({ expiresAt: 5000, usedAt: null }, family, 1000)).toBe('ok');
    expect(decideRefresh(token, long, 1000)).toBe('overlap');
    expect(decideRefresh(token, long, 900 + REFRESH_REUSE_GRACE_MS - 1)).toBe('overlap');
    expect(decideRefresh(token, long, 900 + REFRESH_REUSE_GRACE_MS)).toBe('reused');
    expect(decideRefresh(token, { ...long, revokedAt: 1 }, 1000)).toBe('revoked');
    expect(decideRefresh({ ...token, expiresAt: 1000 }, long, 1000)).toBe('expired');
    expect(decideRefresh({ expiresAt: 5000, usedAt: null }, { ...family, revokedAt: 1 }, 1000)).toBe(
      'revoked',
    );
    expect(decideRefresh({ expiresAt: 5000, usedAt: null }, null, 1000)).toBe('revoked');
    expect(decideRefresh({ expiresAt: 5000, usedAt: null }, family, 5000)).toBe('expired');
    expect(decideRefresh({ expiresAt: 50_000, usedAt: null }, family, 10_000)).toBe('expired');
  });
  it('never lets a refresh token outlive its session', () => {
    expect(familyExpiry(0)).toBe(SESSION_MAX_AGE_MS);
    expect(refreshExpiry(0, SESSION_MAX_AGE_MS)).toBe(REFRESH_TOKEN_TTL_MS);
    expect(refreshExpiry(SESSION_MAX_AGE_MS - 1000, SESSION_MAX_AGE_MS)).toBe(SESSION_MAX_AGE_MS);
  });
});

describe('reset code rules', () => {
  it('is usable for 5 minutes and void after 5 guesses', () => {
    const expiresAt = resetCodeExpiry(0);
    expect(expiresAt).toBe(300_000);
    expect(resetCodeStatus({ expiresAt, attempts: 0 }, 300_000)).toBe('usable');
    expect(resetCodeStatus({ expiresAt, attempts: 0 }, 300_001)).toBe('expired');
    expect(resetCodeStatus({ expiresAt, attempts: 4 }, 1)).toBe('usable');
    expect(resetCodeStatus({ expiresAt, attempts: 5 }, 1)).toBe('void');
  });
  it('waits 60 s between codes', () => {
    expect(resendWait(null, 0)).toBe(0);
    expect(resendWait(1000, 1000)).toBe(60_000);
    expect(resendWait(1000, 31_000)).toBe(30_000);
    expect(resendWait(1000, 61_000)).toBe(0);
    expect(resendWait(Number.NaN, 5)).toBe(0);
    expect(resendWait(10_000_000, 0)).toBe(0); // a value from the future (clock skew) never blocks for long
  });
  it('writes the mail', () => {
    const mail = resetMail('012345');
    expect(mail.subject).toContain('012345');
    expect(mail.text).toContain('012345');
    expect(mail.text).toContain('Your 6-digit reset code is: 012345');
    expect(mail.text).toContain('The code expires in 5 minutes and can be used once.');
    expect(codeInMail(mail.text)).toBe('012345');
  });
});
