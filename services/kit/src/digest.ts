/**
 * Digests and comparisons of secrets, written once: only a secret's SHA-256 is stored (refresh,
 * exchange and reset secrets), the same digest turns any string into a safe key (a voter, an
 * e-mail in a key-value key, a key thumbprint), and secrets are compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** SHA-256 of `text` (UTF-8) in base64url (43 characters). */
export function sha256Base64url(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/**
 * True when `a` and `b` are equal, compared in a time that does not depend on where they differ
 * (digests, signatures). Strings are compared as UTF-8; different lengths are unequal at once.
 */
export function constantTimeEqual(a: string | Uint8Array, b: string | Uint8Array): boolean {
  const x = typeof a === 'string' ? Buffer.from(a) : a;
  const y = typeof b === 'string' ? Buffer.from(b) : b;
  return x.length === y.length && timingSafeEqual(x, y);
}
