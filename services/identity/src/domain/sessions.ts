/**
 * Refresh-token rotation rules (pure). A session is a family of refresh tokens: each use of the
 * current token marks it used and issues its successor. Presenting a token that was already used
 * means it was copied: the whole family is revoked, so the thief's and the owner's newer tokens die.
 * Only within REFRESH_REUSE_GRACE_MS of its first use is a spent token still honoured ('overlap': a
 * lost answer, not a copy); the window counts from the first use, never from a later one.
 */
import { REFRESH_REUSE_GRACE_MS, REFRESH_TOKEN_TTL_MS, SESSION_MAX_AGE_MS } from './policy.js';

export interface RefreshTokenState {
  expiresAt: number;
  /** When it was exchanged for its successor (null while current). */
  usedAt: number | null;
}

export interface FamilyState {
  revokedAt: number | null;
  expiresAt: number;
}

export type RefreshDecision = 'ok' | 'overlap' | 'reused' | 'revoked' | 'expired';

export function decideRefresh(
  token: RefreshTokenState,
  family: FamilyState | null,
  now: number,
  overlapMs = REFRESH_REUSE_GRACE_MS,
): RefreshDecision {
  if (family === null || family.revokedAt !== null) return 'revoked';
  if (token.usedAt !== null && now - token.usedAt >= overlapMs) return 'reused';
  if (now >= token.expiresAt || now >= family.expiresAt) return 'expired';
  return token.usedAt === null ? 'ok' : 'overlap';
}

/** Expiry of a new session's family. */
export function familyExpiry(startedAt: number): number {
  return startedAt + SESSION_MAX_AGE_MS;
}

/** Expiry of a refresh token issued now: 30 days, never past the family's end. */
export function refreshExpiry(now: number, familyExpiresAt: number): number {
  return Math.min(now + REFRESH_TOKEN_TTL_MS, familyExpiresAt);
}
