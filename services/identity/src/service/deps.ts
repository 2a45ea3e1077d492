/** What the service classes are built from (all injected; see setup.ts for the real wiring). */
import type { Logger } from '@tessera/kit';
import type { Repositories } from '../adapters/repositories.js';
import type { UserDoc } from '../domain/documents.js';
import type { AccountThrottle, ResendCooldown } from '../adapters/throttle-store.js';
import type { NewAccountLimit } from '../adapters/new-account-store.js';
import type {
  Clock,
  Mailer,
  PasswordHasher,
  RandomSource,
  SessionEvents,
  SigningKeyProvider,
} from './ports.js';

export interface TokenSettings {
  issuer: string;
  audience: string;
  /** How long a spent refresh token is still honoured (REFRESH_REUSE_GRACE_MS unless set). */
  refreshOverlapMs?: number;
}

export interface IdentityDeps {
  repos: Repositories;
  throttle: AccountThrottle;
  resendCooldown: ResendCooldown;
  /** New accounts per client address (registrations and first OpenID sign-ins). */
  newAccounts: NewAccountLimit;
  mailer: Mailer;
  clock: Clock;
  random: RandomSource;
  hasher: PasswordHasher;
  keys: SigningKeyProvider;
  tokens: TokenSettings;
  /** Announces ended sessions to the BFFs. */
  events: SessionEvents;
  logger: Logger;
}

/** The contract's User message. */
export interface UserOut {
  id: string;
  username: string;
  email: string;
  needsUsernameSelection: boolean;
  createdAtMs: number;
  pixelsAnonymous: boolean;
}

/** The contract's Session message. */
export interface SessionOut {
  accessToken: string;
  expiresIn: number;
  tokenType: 'Bearer';
  refreshToken: string;
  refreshExpiresAtMs: number;
  user: UserOut;
}

export function userOut(doc: UserDoc): UserOut {
  return {
    id: doc._id,
    username: doc.username ?? '',
    email: doc.email,
    needsUsernameSelection: doc.needsUsernameSelection,
    createdAtMs: doc.createdAt,
    pixelsAnonymous: doc.pixelsAnonymous === true,
  };
}
