import { describe, expect, it } from 'vitest';
import { CSRF_TOKEN_TTL_MS, csrfVerifier, issueCsrfToken, newSessionId, verifyCsrfToken } from './token.js';
import { deriveSessionKeys } from './keys.js';

const key = deriveSessionKeys('k'.repeat(32)).csrf;
const now = 1_800_000_000_000;

describe('CSRF tokens', () => {
  it('verifies a token for the session it was issued to until it expires', () => {
    const sid = newSessionId();
    const { token, expiresAt } = issueCsrfToken(key, sid, now);
    expect(expiresAt).toBe(now + CSRF_TOKEN_TTL_MS);
    expect(verifyCsrfToken(key, sid, token, now)).toBe('ok');
    expect(verifyCsrfToken(key, sid, token, expiresAt - 1)).toBe('ok');
    expect(verifyCsrfToken(key, sid, token, expiresAt)).toBe('expired');
  });

  it('refuses a token of another session, another key, or no session', () => {
    const { token } = issueCsrfToken(key, 'session-a', now);
    expect(verifyCsrfToken(key, 'session-b', token, now)).toBe('mismatch');
    expect(verifyCsrfToken(deriveSessionKeys('z'.repeat(32)).csrf, 'session-a', token, now)).toBe('mismatch');
    expect(verifyCsrfToken(key, undefined, token, now)).toBe('mismatch');
  });

  it('refuses a token whose expiry was pushed forward', () => {
    const { token, expiresAt } = issueCsrfToken(key, 's', now, 1000);
    const [, mac] = token.split('.');
    const extended = `${(expiresAt + 3_600_000).toString(36)}.${mac}`;
    expect(verifyCsrfToken(key, 's', extended, now + 5000)).toBe('mismatch');
  });

  it('classifies missing and malformed tokens', () => {
    expect(verifyCsrfToken(key, 's', undefined, now)).toBe('missing');
    expect(verifyCsrfToken(key, 's', '', now)).toBe('missing');
    for (const junk of ['abc', 'x.y', `zz.${'a'.repeat(42)}`, `1.${'a'.repeat(200)}`, 'ß.ß', '..']) {
      expect(verifyCsrfToken(key, 's', junk, now)).toBe('malformed');
    }
  });

  it('draws distinct 256-bit session ids', () => {
    const ids = new Set(Array.from({ length: 100 }, () => newSessionId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('remembers a verified token per session, and still expires it and refuses it to others', () => {
    const verify = csrfVerifier(key);
    const { token, expiresAt } = issueCsrfToken(key, 'session-a', now, 1000);
    expect(verify('session-a', token, now)).toBe('ok');
    expect(verify('session-a', token, now + 1)).toBe('ok'); // remembered
    expect(verify('session-b', token, now)).toBe('mismatch');
    expect(verify(undefined, token, now)).toBe('mismatch');
    expect(verify('session-a', token, expiresAt)).toBe('expired');
    const [, mac] = token.split('.');
    expect(verify('session-a', `${(expiresAt + 3_600_000).toString(36)}.${mac}`, now)).toBe('mismatch');
    // another key's verifier knows nothing of it
    expect(csrfVerifier(deriveSessionKeys('z'.repeat(32)).csrf)('session-a', token, now)).toBe('mismatch');
  });
});
