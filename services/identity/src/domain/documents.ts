/**
 * The identity service's stored documents (the shape its repositories read and write). Secrets are
 * never stored in the clear: tokens and codes only as digests.
 */
export interface UserDoc {
  _id: string;
  /** Normalised (trimmed, lower case). */
  email: string;
  /** As chosen; absent until an OpenID Connect user picks one. */
  username?: string;
  /** Lower-cased username: the unique key. */
  usernameKey?: string;
  /** Absent for accounts that only sign in with OpenID Connect. */
  passwordHash?: string;
  needsUsernameSelection: boolean;
  createdAt: number;
  oidcIssuer?: string;
  oidcSubject?: string;
  name?: string;
  /** When a mailed verification code was confirmed (service/verification.ts); absent until then. */
  emailVerifiedAt?: number;
  /** The user chose to appear as "Anonymous" on the pixels they bought; absent (shown) until chosen. */
  pixelsAnonymous?: boolean;
}

/** A session: the family of refresh tokens one sign-in started. */
export interface SessionDoc {
  _id: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

export interface RefreshTokenDoc {
  /** SHA-256 of the token. */
  _id: string;
  sessionId: string;
  userId: string;
  issuedAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export interface ResetCodeDoc {
  /**
   * The user id (one live code per account), or `unregistered:<SHA-256 of the e-mail>` for the
   * decoy an address without an account gets (service/reset.ts).
   */
  _id: string;
  salt: string;
  /** SHA-256 of salt + code. */
  codeDigest: string;
  issuedAt: number;
  expiresAt: number;
  attempts: number;
}

/** The live e-mail verification code of an account (one per account; the user id is the key). */
export interface VerificationCodeDoc {
  _id: string;
  salt: string;
  /** SHA-256 of salt + code. */
  codeDigest: string;
  issuedAt: number;
  expiresAt: number;
  attempts: number;
  /** When codes were sent within the last day (the daily quota). */
  sentAt: number[];
}

export interface ExchangeTokenDoc {
  /** SHA-256 of the token. */
  _id: string;
  userId: string;
  expiresAt: number;
}

export interface KeyDoc {
  _id: string;
  kid: string;
  alg: string;
  privateJwk: Record<string, unknown>;
  createdAt: number;
}

/** A buyer's receipt or refund notice of one order (service/receipts.ts: mailed once). */
export interface ReceiptDoc {
  /** `receipt:<order id>` or `refund:<order id>`. */
  _id: string;
  userId: string;
  claimedUntil: number;
  /** When the mail went out (null while it is being sent). */
  sentAt: number | null;
  /** Set when there was no account to mail (nothing sent, nothing to retry). */
  skipped?: 'no_account';
}
