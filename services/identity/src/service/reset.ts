/**
 * Password reset by 6-digit code: the code is mailed when the account exists (the answer is the same
 * either way), stored salted and hashed, valid 5 minutes, single use, void after 5 guesses; one code
 * per 60 s per address. A successful reset ends every session of the account.
 *
 * An address without an account gets a decoy record (never mailed, never accepted) that counts
 * guesses, expires and goes void exactly like a real code, so the answers to the guesses that
 * follow a request reveal no more than the request's own answer: nothing about the address.
 */
import { randomBytes } from 'node:crypto';
import { appError, constantTimeEqual, retryAfterSeconds, sha256Base64url } from '@tessera/kit';
import { ACCOUNT_MESSAGES, isResetCodeShape } from '@tessera/facts/account';
import { RESET_MAX_ATTEMPTS } from '../domain/policy.js';
import { resetCodeExpiry, resetCodeStatus, resetMail } from '../domain/reset.js';
import { requireEmail, requireNewPassword } from './accounts.js';
import type { IdentityDeps } from './deps.js';
import type { Sessions } from './sessions.js';

export const INVALID_OTP_MESSAGE = "The reset code doesn't match. Please check it and try again.";
export const OTP_EXPIRED_MESSAGE = 'This reset code has expired. Please request a new one.';
export const OTP_VOID_MESSAGE =
  'Too many wrong codes: this reset code is no longer valid. Please request a new one.';

export function codeDigest(salt: string, code: string): string {
  return sha256Base64url(`${salt}:${code}`);
}

/** The reset record's key: the user id, or a decoy key for an address without an account. */
export function resetKey(email: string, user: { _id: string } | null): string {
  return user?._id ?? `unregistered:${sha256Base64url(email)}`;
}

export class PasswordReset {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly sessions: Sessions,
  ) {}

  async request(rawEmail: string): Promise<void> {
    const email = requireEmail(rawEmail);
    const { clock, repos, random, resendCooldown, mailer, logger } = this.deps;
    const now = clock.now();
    // the cooldown applies to every address, registered or not, so it reveals nothing
    const wait = await resendCooldown.claim(email, now);
    if (wait > 0) {
      const sec = retryAfterSeconds(wait);
      throw appError(
        'RATE_LIMIT_EXCEEDED',
        `Please wait ${sec} seconds before requesting another reset code.`,
      );
    }
    const user = await repos.users.findOne({ email });
    const key = resetKey(email, user);
    const code = random.resetCode();
    const salt = randomBytes(16).toString('base64url');
    await repos.resetCodes.replaceOne(
      { _id: key },
      {
        _id: key,
        salt,
        codeDigest: codeDigest(salt, code),
        issuedAt: now,
        expiresAt: resetCodeExpiry(now),
        attempts: 0,
      },
      { upsert: true },
    );
    if (user === null) return; // a decoy: nobody to mail
    // sent in the background: the answer (and its timing) must not depend on the account existing
    const mail = resetMail(code);
    void mailer.send({ to: user.email, ...mail }).catch((err: unknown) => {
      logger.error({ err, userId: user._id }, 'reset code e-mail could not be sent');
    });
  }

  async reset(input: {
    email: string;
    otp: string;
    newPassword: string;
    client?: { ip: string };
  }): Promise<void> {
    const email = requireEmail(input.email);
    const otp = input.otp.trim();
    if (otp === '') throw appError('MISSING_FIELD', 'Reset code is required', { field: 'otp' });
    if (!isResetCodeShape(otp)) throw appError('INVALID_OTP', ACCOUNT_MESSAGES.resetCode, { field: 'otp' });
    requireNewPassword(input.newPassword, 'newPassword');
    const { clock, repos, hasher, throttle, logger } = this.deps;
    const now = clock.now();
    const user = await repos.users.findOne({ email });
    const key = resetKey(email, user);
    const record = await repos.resetCodes.findOne({ _id: key });
    if (record === null) throw appError('INVALID_OTP', INVALID_OTP_MESSAGE, { field: 'otp' });
    const status = resetCodeStatus(record, now);
    if (status === 'void') throw appError('OTP_EXPIRED', OTP_VOID_MESSAGE, { field: 'otp' });
    if (status === 'expired') throw appError('OTP_EXPIRED', OTP_EXPIRED_MESSAGE, { field: 'otp' });
    // count the guess first (atomically), so parallel guesses cannot exceed the limit
    const counted = await repos.resetCodes.findOneAndUpdate(
      { _id: key, codeDigest: record.codeDigest, attempts: { $lt: RESET_MAX_ATTEMPTS } },
      { $inc: { attempts: 1 } },
    );
    if (counted === null) throw appError('OTP_EXPIRED', OTP_VOID_MESSAGE, { field: 'otp' });
    // a decoy's code is never right (nobody was sent it): it answers as a wrong guess
    if (user === null || !constantTimeEqual(codeDigest(counted.salt, otp), counted.codeDigest)) {
      const left = RESET_MAX_ATTEMPTS - counted.attempts;
      const more =
        left > 0 ? ` ${left} attempt${left === 1 ? '' : 's'} left.` : ' Please request a new code.';
      throw appError('INVALID_OTP', `${INVALID_OTP_MESSAGE}${more}`, { field: 'otp' });
    }
    // hashed before the code is used up: a busy hashing queue (503) leaves the code for the retry
    const passwordHash = await hasher.hash(input.newPassword, (input.client?.ip ?? '').slice(0, 64));
    // single use: only one caller deletes it
    const used = await repos.resetCodes.deleteOne({ _id: user._id, codeDigest: counted.codeDigest });
    if (used.deletedCount !== 1) throw appError('INVALID_OTP', INVALID_OTP_MESSAGE, { field: 'otp' });
    await repos.users.updateOne({ _id: user._id }, { $set: { passwordHash } });
    const ended = await this.sessions.revokeAll(user._id, clock.now(), 'password_reset');
    await throttle.clear(email);
    logger.info({ userId: user._id, sessionsEnded: ended }, 'password reset');
  }
}
