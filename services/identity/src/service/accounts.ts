/**
 * Accounts: registration, e-mail/password sign-in (throttled per account, same answer and similar
 * time for an unknown e-mail and a wrong password), user look-ups and the one-time username choice.
 */
import { isUserId } from '@tessera/facts/ids';
import { appError, retryAfterSeconds, SingleFlight } from '@tessera/kit';
import { duplicateOf } from '../adapters/repositories.js';
import type { UserDoc } from '../domain/documents.js';
import { GET_USERS_MAX } from '../domain/policy.js';
import { EMAIL_MAX, isValidEmail, PASSWORD_MAX } from '@tessera/facts/account';
import { checkPassword, checkUsername, normalizeEmail, usernameKey } from '../domain/validation.js';
import { userOut, type IdentityDeps, type SessionOut, type UserOut } from './deps.js';
import { retriedRegistration } from './registration-retry.js';
import { accountSource } from '../security/hash-gate.js';
import type { Sessions } from './sessions.js';

export const INVALID_CREDENTIALS_MESSAGE =
  "Email or password doesn't look right. Please check both and try again.";
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';
export const USERNAME_TAKEN_MESSAGE = 'This username is already taken. Please choose another one.';

export function requireEmail(raw: string): string {
  if (raw.trim() === '') throw appError('MISSING_FIELD', 'Email is required', { field: 'email' });
  if (raw.length > EMAIL_MAX + 64 || !isValidEmail(raw)) {
    throw appError('INVALID_EMAIL', 'Please enter a valid email address', { field: 'email' });
  }
  return normalizeEmail(raw);
}

export function requireNewPassword(password: string, field = 'password'): void {
  if (password === '') throw appError('MISSING_FIELD', 'Password is required', { field });
  const problem = checkPassword(password);
  if (problem) throw appError('INVALID_PASSWORD', problem.message, { field });
}

/** The distinct well-formed ids of a batch look-up (GetUsers, GetVerifiedUsers); at most GET_USERS_MAX. */
export function idsToLookUp(userIds: string[]): string[] {
  const ids = [...new Set(userIds.filter(isUserId))];
  if (ids.length > GET_USERS_MAX) {
    throw appError('VALIDATION_ERROR', `At most ${GET_USERS_MAX} users can be looked up at once`, {
      field: 'user_ids',
    });
  }
  return ids;
}

export function requireUsername(raw: string): string {
  const problem = checkUsername(raw);
  if (problem) {
    const code = raw.trim() === '' ? 'MISSING_FIELD' : 'INVALID_USERNAME';
    throw appError(code, problem.message, { field: 'username' });
  }
  return raw.trim();
}

export class Accounts {
  /** The hash an unknown e-mail is verified against: made once, made again only after a failure. */
  private readonly dummyHash = new SingleFlight<'dummy', string>({ ttlMs: Infinity });

  constructor(
    private readonly deps: IdentityDeps,
    private readonly sessions: Sessions,
  ) {}

  async register(input: {
    username: string;
    email: string;
    password: string;
    client?: { ip: string };
  }): Promise<SessionOut> {
    const username = requireUsername(input.username);
    const email = requireEmail(input.email);
    requireNewPassword(input.password);
    const { repos, clock, random, hasher } = this.deps;
    const source = (input.client?.ip ?? '').slice(0, 64);
    const retry = { username, password: input.password, source };
    // cheap pre-checks give the precise answer before spending a password hash
    const existing = await repos.users.findOne({ email });
    if (existing) {
      // a retry of the registration that created this account gets the same account
      const same = await retriedRegistration(this.deps, existing, retry);
      if (same) return this.sessions.start(same);
      throw appError('EMAIL_ALREADY_EXISTS', EMAIL_TAKEN_MESSAGE, { field: 'email' });
    }
    if (await repos.users.findOne({ usernameKey: usernameKey(username) })) {
      throw appError('USERNAME_ALREADY_EXISTS', USERNAME_TAKEN_MESSAGE, { field: 'username' });
    }
    // counted before the hash is spent: one address gets a few new accounts an hour and a day
    const claim = await this.deps.newAccounts.admit(source, clock.now());
    const user: UserDoc = {
      _id: random.id(),
      email,
      username,
      usernameKey: usernameKey(username),
      passwordHash: await claim.giveBackOnError(() => hasher.hash(input.password, source)),
      needsUsernameSelection: false,
      createdAt: clock.now(),
    };
    try {
      await repos.users.insertOne(user);
    } catch (err) {
      // two copies of one registration raced: the loser answers with the winner's account
      const winner = duplicateOf(err) === 'email' ? await repos.users.findOne({ email }) : null;
      const same = winner ? await retriedRegistration(this.deps, winner, retry) : null;
      if (same) return this.sessions.start(same);
      throw this.duplicateError(err);
    }
    this.deps.logger.info({ userId: user._id }, 'account registered');
    return this.sessions.start(user);
  }

  async login(input: { email: string; password: string; client?: { ip: string } }): Promise<SessionOut> {
    const { repos, clock, hasher, throttle } = this.deps;
    const email = requireEmail(input.email);
    if (input.password === '') throw appError('MISSING_FIELD', 'Password is required', { field: 'password' });
    // throttled per account and source: failures from elsewhere never lock the owner out of theirs
    const source = (input.client?.ip ?? '').slice(0, 64);
    const gate = await throttle.check(email, clock.now(), source);
    if (!gate.allowed) {
      // a refused attempt counts too: hammering keeps the delay growing and reaches the hourly lock
      await throttle.fail(email, clock.now(), source);
      const wait = retryAfterSeconds(gate.retryAfterMs);
      if (gate.locked) {
        throw appError(
          'ACCOUNT_LOCKED',
          `This account is temporarily locked after too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minutes or reset your password.`,
          { retryAfterSec: wait },
        );
      }
      throw appError(
        'RATE_LIMIT_EXCEEDED',
        `Too many failed sign-in attempts. Please wait ${wait} seconds and try again.`,
        { retryAfterSec: wait },
      );
    }
    const user = await repos.users.findOne({ email });
    // an unknown e-mail and a password-less account verify against a dummy hash: same time, same answer
    const stored = user?.passwordHash ?? (await this.dummy());
    // the account is a source too: many addresses guessing one account share one account's places
    const sources = [source, accountSource(email)];
    const ok =
      input.password.length <= PASSWORD_MAX && (await hasher.verify(input.password, stored, sources));
    if (!ok || !user?.passwordHash) {
      await throttle.fail(email, clock.now(), source);
      throw appError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
    }
    await throttle.clear(email, source);
    return this.sessions.start(user);
  }

  async getUser(userId: string): Promise<UserOut> {
    return userOut(await this.requireUser(userId));
  }

  async getUsers(userIds: string[]): Promise<{ id: string; username: string; pixelsAnonymous: boolean }[]> {
    const ids = idsToLookUp(userIds);
    if (ids.length === 0) return [];
    const users = await this.deps.repos.users.find({ _id: { $in: ids } });
    return users.map((u) => ({
      id: u._id,
      username: u.username ?? '',
      pixelsAnonymous: u.pixelsAnonymous === true,
    }));
  }

  /** Whether the account appears as "Anonymous" on the pixels it bought (any number of times). */
  async setPixelPrivacy(userId: string, anonymous: boolean): Promise<UserOut> {
    const user = await this.requireUser(userId);
    const updated = await this.deps.repos.users.findOneAndUpdate(
      { _id: user._id },
      { $set: { pixelsAnonymous: anonymous } },
    );
    if (updated === null) throw appError('USER_NOT_FOUND', 'User not found');
    return userOut(updated);
  }

  /** Sets the username of an account that has none yet (once). */
  async updateUsername(userId: string, raw: string): Promise<UserOut> {
    const username = requireUsername(raw);
    const user = await this.requireUser(userId);
    if (!user.needsUsernameSelection) {
      throw appError('CONFLICT', 'You can only set your username once.', { field: 'username' });
    }
    try {
      const updated = await this.deps.repos.users.findOneAndUpdate(
        { _id: user._id, needsUsernameSelection: true },
        { $set: { username, usernameKey: usernameKey(username), needsUsernameSelection: false } },
      );
      if (updated === null)
        throw appError('CONFLICT', 'You can only set your username once.', { field: 'username' });
      return userOut(updated);
    } catch (err) {
      throw this.duplicateError(err);
    }
  }

  async requireUser(userId: string): Promise<UserDoc> {
    if (userId === '') throw appError('MISSING_FIELD', 'User id is required', { field: 'user_id' });
    const user = isUserId(userId) ? await this.deps.repos.users.findOne({ _id: userId }) : null;
    if (user === null) throw appError('USER_NOT_FOUND', 'User not found');
    return user;
  }

  private duplicateError(err: unknown): unknown {
    const which = duplicateOf(err);
    if (which === 'email') return appError('EMAIL_ALREADY_EXISTS', EMAIL_TAKEN_MESSAGE, { field: 'email' });
    if (which === 'username')
      return appError('USERNAME_ALREADY_EXISTS', USERNAME_TAKEN_MESSAGE, { field: 'username' });
    return err;
  }

  private dummy(): Promise<string> {
    return this.dummyHash.run('dummy', () => this.deps.hasher.hash(this.deps.random.token(16)));
  }
}
