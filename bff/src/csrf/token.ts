/**
 * Signed double-submit CSRF tokens bound to the browser's session id (an HttpOnly cookie):
 * `<expiry in base36>.<base64url HMAC-SHA256(key, "csrf1|" + sid + "|" + expiry)>`. A page of ours
 * reads the token from GET /api/csrf/csrf-token and echoes it in `X-CSRF-Token`; a cross-site page
 * can neither read it nor compute it for the victim's session id.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { BoundedMap } from '@tessera/kit';

/** A CSRF token lives one hour (the web client refreshes it every 5 minutes while in use). */
export const CSRF_TOKEN_TTL_MS = 60 * 60_000;

/** Longest header value considered (a real token is about 52 characters). */
const MAX_TOKEN_LENGTH = 128;

export interface IssuedCsrfToken {
  token: string;
  /** ms since the epoch */
  expiresAt: number;
}

export type CsrfCheck = 'ok' | 'missing' | 'malformed' | 'expired' | 'mismatch';

/** A fresh random session id (256 bits, base64url). */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

function mac(key: Uint8Array, sid: string, expiresAt: number): Buffer {
  return createHmac('sha256', key).update(`csrf1|${sid}|${expiresAt}`).digest();
}

export function issueCsrfToken(
  key: Uint8Array,
  sid: string,
  now: number,
  ttlMs: number = CSRF_TOKEN_TTL_MS,
): IssuedCsrfToken {
  const expiresAt = now + ttlMs;
  return { token: `${expiresAt.toString(36)}.${mac(key, sid, expiresAt).toString('base64url')}`, expiresAt };
}

/** Checks a token against the session id it must be bound to, in constant time for the MAC. */
export function verifyCsrfToken(
  key: Uint8Array,
  sid: string | undefined,
  token: string | undefined,
  now: number,
): CsrfCheck {
  if (token === undefined || token === '') return 'missing';
  if (token.length > MAX_TOKEN_LENGTH) return 'malformed';
  const m = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return 'malformed';
  const expiresAt = parseInt(m[1]!, 36);
  if (!Number.isSafeInteger(expiresAt)) return 'malformed';
  if (sid === undefined || sid === '') return 'mismatch';
  const expected = mac(key, sid, expiresAt);
  const given = Buffer.from(m[2]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'mismatch';
  if (expiresAt <= now) return 'expired';
  return 'ok';
}

/** Tokens remembered per verifier (the oldest is forgotten first). */
export const VERIFIED_CSRF_CACHE_SIZE = 4096;

/**
 * `verifyCsrfToken` for one key that remembers the (session id, token) pairs whose MAC matched, with
 * the token's expiry: a page's token is MACed once, not on every call it makes. Expiry is checked
 * on every call; anything that did not match is checked in full every time.
 */
export function csrfVerifier(
  key: Uint8Array,
): (sid: string | undefined, token: string | undefined, now: number) => CsrfCheck {
  const verified = new BoundedMap<string, number>(VERIFIED_CSRF_CACHE_SIZE);
  return (sid, token, now) => {
    if (sid !== undefined && sid !== '' && token !== undefined && token !== '') {
      const expiresAt = verified.get(`${sid} ${token}`);
      if (expiresAt !== undefined) return expiresAt <= now ? 'expired' : 'ok';
    }
    const check = verifyCsrfToken(key, sid, token, now);
    if (check === 'ok') {
      verified.set(`${sid!} ${token!}`, parseInt(token!.slice(0, token!.indexOf('.')), 36));
    }
    return check;
  };
}
