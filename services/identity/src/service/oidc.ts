/**
 * OpenID Connect users. The BFF runs the provider flow (openid-client verifies the ID token) and
 * hands over the verified identity; identity finds the user by (issuer, subject), links a verified
 * e-mail to an existing account, or creates a new user who still has to pick a username. The browser
 * gets a one-time exchange token (stored hashed, 60 s, single use) to redeem for a session.
 */
import { appError, sha256Base64url } from '@tessera/kit';
import { duplicateOf } from '../adapters/repositories.js';
import type { UserDoc } from '../domain/documents.js';
import { EXCHANGE_TOKEN_BYTES, EXCHANGE_TOKEN_TTL_MS } from '../domain/policy.js';
import { isValidEmail } from '@tessera/facts/account';
import { EXCHANGE_INVALID_MESSAGE } from '@tessera/facts/oauth';
import { normalizeEmail } from '../domain/validation.js';
import type { IdentityDeps, SessionOut } from './deps.js';
import type { Sessions } from './sessions.js';

const FIELD_LIMIT = 512;

export interface OidcIdentityIn {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /** The browser's address as the BFF saw it (new accounts per address are limited). */
  client?: { ip: string };
}

export class OidcSignIns {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly sessions: Sessions,
  ) {}

  async signIn(who: OidcIdentityIn): Promise<{ exchangeToken: string; expiresIn: number }> {
    if (who.issuer === '' || who.subject === '') {
      throw appError('MISSING_FIELD', 'issuer and subject are required', {
        field: who.issuer === '' ? 'issuer' : 'subject',
      });
    }
    if (who.issuer.length > FIELD_LIMIT || who.subject.length > FIELD_LIMIT) {
      throw appError('VALIDATION_ERROR', 'issuer or subject is too long');
    }
    const user = await this.findOrCreate(who);
    const { random, clock, repos } = this.deps;
    const exchangeToken = random.token(EXCHANGE_TOKEN_BYTES);
    await repos.exchangeTokens.insertOne({
      _id: sha256Base64url(exchangeToken),
      userId: user._id,
      expiresAt: clock.now() + EXCHANGE_TOKEN_TTL_MS,
    });
    return { exchangeToken, expiresIn: EXCHANGE_TOKEN_TTL_MS / 1000 };
  }

  async redeem(exchangeToken: string): Promise<{ session: SessionOut; needsUsernameSelection: boolean }> {
    const { repos, clock } = this.deps;
    if (exchangeToken === '' || exchangeToken.length > FIELD_LIMIT) {
      throw appError('INVALID_TOKEN', EXCHANGE_INVALID_MESSAGE);
    }
    const id = sha256Base64url(exchangeToken);
    const doc = await repos.exchangeTokens.findOne({ _id: id });
    // single use: whoever deletes it redeems it; a replay finds nothing
    if (doc === null || (await repos.exchangeTokens.deleteOne({ _id: id })).deletedCount !== 1) {
      throw appError('INVALID_TOKEN', EXCHANGE_INVALID_MESSAGE);
    }
    if (clock.now() > doc.expiresAt) throw appError('INVALID_TOKEN', EXCHANGE_INVALID_MESSAGE);
    const user = await repos.users.findOne({ _id: doc.userId });
    if (user === null) throw appError('INVALID_TOKEN', EXCHANGE_INVALID_MESSAGE);
    const session = await this.sessions.start(user);
    return { session, needsUsernameSelection: user.needsUsernameSelection };
  }

  private async findOrCreate(who: OidcIdentityIn, retry = true): Promise<UserDoc> {
    const { repos, clock, random, logger } = this.deps;
    const known = await repos.users.findOne({ oidcIssuer: who.issuer, oidcSubject: who.subject });
    if (known) return known;
    if (!who.emailVerified || who.email === '') {
      throw appError('EMAIL_NOT_VERIFIED', 'Your sign-in provider has not verified your email address.');
    }
    if (!isValidEmail(who.email))
      throw appError('INVALID_EMAIL', 'The provider returned an invalid email address');
    const email = normalizeEmail(who.email);
    const existing = await repos.users.findOne({ email });
    if (existing) {
      // a verified address proves control of the mailbox, which could reset the password anyway
      if (existing.oidcIssuer !== undefined) {
        throw appError('CONFLICT', 'This email is already linked to another sign-in account.');
      }
      const linked = await repos.users.findOneAndUpdate(
        { _id: existing._id, oidcIssuer: { $exists: false } },
        { $set: { oidcIssuer: who.issuer, oidcSubject: who.subject } },
      );
      if (linked) {
        logger.info({ userId: linked._id }, 'OpenID identity linked to an existing account');
        return linked;
      }
    } else {
      // a first sign-in creates an account: it counts toward the address's new accounts
      const address = retry ? (who.client?.ip ?? '').slice(0, 64) : '';
      const claim = await this.deps.newAccounts.admit(address, clock.now());
      const user: UserDoc = {
        _id: random.id(),
        email,
        needsUsernameSelection: true,
        createdAt: clock.now(),
        oidcIssuer: who.issuer,
        oidcSubject: who.subject,
        ...(who.name !== '' ? { name: who.name.slice(0, 200) } : {}),
      };
      try {
        await claim.giveBackOnError(() => repos.users.insertOne(user));
        logger.info({ userId: user._id }, 'account created by OpenID sign-in');
        return user;
      } catch (err) {
        if (duplicateOf(err) === undefined) throw err;
      }
    }
    // lost a race with a concurrent first sign-in (or link): look again once
    if (retry) return this.findOrCreate(who, false);
    throw appError('CONFLICT', 'Sign-in could not be completed. Please try again.');
  }
}
