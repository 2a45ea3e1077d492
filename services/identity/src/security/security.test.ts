import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { constantTimeEqual, sha256Base64url } from '@tessera/kit';
import { newOpaqueToken, newResetCode } from './tokens.js';
import { decide, delayAfter, HOURLY_LIMIT, recordFailure, type FailureRecord } from './throttle.js';

const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe('passwords', () => {
  it('hashes with scrypt N=2^17 by default and verifies', async () => {
    const h = await hashPassword('Correct horse 1!');
    expect(h.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(await verifyPassword('Correct horse 1!', h)).toBe(true);
    expect(await verifyPassword('correct horse 1!', h)).toBe(false);
  });

  it('salts every hash and refuses malformed ones', async () => {
    const a = await hashPassword('same', FAST);
    const b = await hashPassword('same', FAST);
    expect(a).not.toBe(b);
    for (const bad of [
      '',
      'scrypt$1$2$3',
      'bcrypt$x$y$z$s$h',
      'scrypt$1024$8$1$AAAA$AAAA',
      'scrypt$99999999$8$1$AAAA$' + 'A'.repeat(44),
    ]) {
      expect(await verifyPassword('same', bad)).toBe(false);
    }
    expect(needsRehash(a)).toBe(true);
  });
});

describe('opaque tokens and codes', () => {
  it('makes 256-bit tokens and compares digests', () => {
    const t = newOpaqueToken();
    expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    expect(constantTimeEqual(sha256Base64url(t), sha256Base64url(t))).toBe(true);
    expect(constantTimeEqual(sha256Base64url(t), sha256Base64url(newOpaqueToken()))).toBe(false);
  });

  it('makes 6-digit codes spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, newResetCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
  });
});

describe('sign-in throttling', () => {
  it('grows the delay after free failures', () => {
    expect(delayAfter(4)).toBe(0);
    expect(delayAfter(5)).toBe(1000);
    expect(delayAfter(8)).toBe(8000);
    expect(delayAfter(40)).toBe(15 * 60_000);
    let r: FailureRecord = { failures: [] };
    for (let i = 0; i < 5; i++) r = recordFailure(r, 0);
    expect(decide(r, 500)).toMatchObject({ allowed: false, locked: false, retryAfterMs: 500 });
    expect(decide(r, 1000)).toEqual({ allowed: true });
  });

  it('refuses after 100 failures in an hour, then recovers', () => {
    let r: FailureRecord = { failures: [] };
    for (let i = 0; i < HOURLY_LIMIT; i++) r = recordFailure(r, i * 1000);
    const d = decide(r, 2_000_000);
    expect(d).toMatchObject({ allowed: false, locked: true });
    expect(decide(r, 3_600_000 + 99_000 + 15 * 60_000)).toEqual({ allowed: true });
  });
});
