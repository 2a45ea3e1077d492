/**
 * Opaque secrets: refresh tokens (256 bits), one-time exchange tokens, and 6-digit reset codes from
 * a secure random source. Only their SHA-256 digests are stored (the kit's `sha256Base64url`), so a
 * leaked database grants nothing.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { RESET_CODE_LENGTH } from '@tessera/facts/account';

export function newOpaqueToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A uniformly random code of RESET_CODE_LENGTH digits, leading zeros kept. */
export function newResetCode(): string {
  return String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
}
