import type { CryptoKey } from 'jose';

/**
 * What the identity service needs from the outside world. Each is injected, so tests run the
 * service with in-memory or controllable parts (a clock they move, an outbox they read).
 */

/** Milliseconds since the epoch. */
export interface Clock {
  now(): number;
}

/** Secure randomness (node:crypto by default). */
export interface RandomSource {
  /** An opaque token of `bytes` random bytes, base64url. */
  token(bytes?: number): string;
  /** A uniformly random 6-digit code (leading zeros kept). */
  resetCode(): string;
  /** A new user id. */
  id(): string;
}

/** The sources a hash is counted against (security/hash-gate.ts). */
export type HashSource = string | readonly string[];

/** Password hashing (scrypt by default; tests inject cheaper parameters). */
export interface PasswordHasher {
  /**
   * `source`: who asks (the client address; for a sign-in also `account:<e-mail>`), for the bounded
   * hashing queue's per-source share ('' names none).
   */
  hash(password: string, source?: HashSource): Promise<string>;
  verify(password: string, stored: string, source?: HashSource): Promise<boolean>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Outgoing e-mail: SMTP (nodemailer) or the development outbox. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** The key access tokens are signed with, and its public half for GetSigningKeys. */
export interface SigningKey {
  kid: string;
  /** ES256 or EdDSA. */
  alg: 'ES256' | 'EdDSA';
  privateKey: CryptoKey;
  /** Public JWK with kid, alg and use. */
  publicJwk: Record<string, unknown>;
}

export interface SigningKeyProvider {
  current(): Promise<SigningKey>;
}

/** Why sessions ended (the event's `reason`). */
export type RevokeReason = 'logout' | 'refresh_reuse' | 'password_reset';

export interface SessionsRevoked {
  userId: string;
  sessionIds: string[];
  reason: RevokeReason;
  revokedAt: number;
}

/** Tells the BFFs that sessions ended (tessera.session.revoked on the bus). */
export interface SessionEvents {
  revoked(e: SessionsRevoked): Promise<void>;
}

export const systemClock: Clock = { now: () => Date.now() };
