/**
 * The identity service's documents over the DocumentStore port (MongoDB or the embedded store).
 * Uniqueness (e-mail, username without regard to case, OpenID identity) is enforced by unique
 * indexes; single use of tokens and codes by conditional updates and deletes, so two replicas
 * racing for the same token cannot both win.
 */
import { DuplicateKeyError, type Collection, type DocumentStore } from '@tessera/kit';
import type {
  ExchangeTokenDoc,
  KeyDoc,
  ReceiptDoc,
  RefreshTokenDoc,
  ResetCodeDoc,
  SessionDoc,
  UserDoc,
  VerificationCodeDoc,
} from '../domain/documents.js';

export const INDEX = {
  email: 'email_unique',
  username: 'username_unique',
  oidc: 'oidc_identity_unique',
} as const;

export interface Repositories {
  users: Collection<UserDoc>;
  sessions: Collection<SessionDoc>;
  refreshTokens: Collection<RefreshTokenDoc>;
  resetCodes: Collection<ResetCodeDoc>;
  verificationCodes: Collection<VerificationCodeDoc>;
  exchangeTokens: Collection<ExchangeTokenDoc>;
  keys: Collection<KeyDoc>;
  /** Receipts and refund notices mailed, one per order and kind. */
  receipts: Collection<ReceiptDoc>;
}

export async function openRepositories(store: DocumentStore): Promise<Repositories> {
  const [users, sessions, refreshTokens, resetCodes, verificationCodes, exchangeTokens, keys, receipts] =
    await Promise.all([
      store.collection<UserDoc>('users', {
        indexes: [
          { fields: { email: 1 }, unique: true, name: INDEX.email },
          { fields: { usernameKey: 1 }, unique: true, sparse: true, name: INDEX.username },
          { fields: { oidcIssuer: 1, oidcSubject: 1 }, unique: true, sparse: true, name: INDEX.oidc },
        ],
      }),
      store.collection<SessionDoc>('sessions', { indexes: [{ fields: { userId: 1 } }] }),
      store.collection<RefreshTokenDoc>('refresh_tokens', {
        indexes: [{ fields: { sessionId: 1 } }, { fields: { expiresAt: 1 } }],
      }),
      store.collection<ResetCodeDoc>('reset_codes', { indexes: [{ fields: { expiresAt: 1 } }] }),
      // not swept at expiry: the record keeps the day's sends (the quota) after its code expired
      store.collection<VerificationCodeDoc>('verification_codes'),
      store.collection<ExchangeTokenDoc>('exchange_tokens', { indexes: [{ fields: { expiresAt: 1 } }] }),
      store.collection<KeyDoc>('signing_keys'),
      store.collection<ReceiptDoc>('receipts'),
    ]);
  return { users, sessions, refreshTokens, resetCodes, verificationCodes, exchangeTokens, keys, receipts };
}

/** Which unique index refused a write ('email', 'username', 'oidc'), when it was one of ours. */
export function duplicateOf(err: unknown): keyof typeof INDEX | undefined {
  if (!(err instanceof DuplicateKeyError)) return undefined;
  const found = (Object.keys(INDEX) as (keyof typeof INDEX)[]).find((k) => err.index === INDEX[k]);
  return found;
}

/** Deletes what has expired (a housekeeping pass; correctness never depends on it). */
export async function sweepExpired(repos: Repositories, now: number): Promise<number> {
  const dead = await Promise.all([
    repos.refreshTokens.deleteMany({ expiresAt: { $lt: now } }),
    repos.exchangeTokens.deleteMany({ expiresAt: { $lt: now } }),
    repos.resetCodes.deleteMany({ expiresAt: { $lt: now } }),
    repos.sessions.deleteMany({ expiresAt: { $lt: now } }),
  ]);
  return dead.reduce((n, r) => n + r.deletedCount, 0);
}
