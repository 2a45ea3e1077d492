/**
 * Opaque secrets: refresh tokens (256 bits), one-time exchange tokens, and 6-digit reset codes from
 * a secure random source. Only their SHA-256 digests are stored (the kit's `sha256Base64url`), so a
 * leaked database grants nothing.
 */
import { randomBytes, randomInt } from 'node:crypto';

export function newOpaqueToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A uniformly random 6-digit code, leading zeros kept. */
export function newResetCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
