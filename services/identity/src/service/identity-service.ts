/**
 * The identity service: one object per process, built from injected dependencies (setup.ts wires
 * the real ones; tests wire in-memory ones) and exposed over Connect by routes.ts.
 */
import { Accounts } from './accounts.js';
import type { IdentityDeps } from './deps.js';
import { OidcSignIns } from './oidc.js';
import { PasswordReset } from './reset.js';
import { Sessions } from './sessions.js';
import { EmailVerification } from './verification.js';

export type { IdentityDeps, SessionOut, TokenSettings, UserOut } from './deps.js';

export class IdentityService {
  readonly sessions: Sessions;
  readonly accounts: Accounts;
  readonly reset: PasswordReset;
  readonly oidc: OidcSignIns;
  readonly verification: EmailVerification;

  constructor(readonly deps: IdentityDeps) {
    this.sessions = new Sessions(deps);
    this.accounts = new Accounts(deps, this.sessions);
    this.reset = new PasswordReset(deps, this.sessions);
    this.oidc = new OidcSignIns(deps, this.sessions);
    this.verification = new EmailVerification(deps, this.accounts);
  }

  /** GetSigningKeys: the JWKS with the expected issuer, audience and algorithm. */
  async signingKeys(): Promise<{ jwksJson: string; issuer: string; audience: string; algorithm: string }> {
    const key = await this.deps.keys.current();
    return {
      jwksJson: JSON.stringify({ keys: [key.publicJwk] }),
      issuer: this.deps.tokens.issuer,
      audience: this.deps.tokens.audience,
      algorithm: key.alg,
    };
  }
}
