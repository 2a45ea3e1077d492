/**
 * Opaque secrets: refresh tokens (256 bits), one-time exchange tokens, and 6-digit reset codes from
 * a secure random source. Only SHA-256 digests are stored, so a leaked database grants nothing.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function newOpaqueToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function digest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A uniformly random 6-digit code, leading zeros kept. */
export function newResetCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
