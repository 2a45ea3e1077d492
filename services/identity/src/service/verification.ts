/**
 * E-mail verification (who may vote, `@tessera/facts/eligibility`): a 6-digit code mailed to the
 * signed-in user's address by the mailer password reset uses, stored salted and hashed, valid 15
 * minutes, void after 5 guesses; one code per minute and 5 per day per account. Confirming it marks
 * the address verified for good (`emailVerifiedAt`). The submission service asks GetVerifiedUsers.
 */
import { randomBytes } from 'node:crypto';
import {
  isVerifyCodeShape,
  recentSends,
  VERIFICATION_MESSAGES,
  VERIFY_MAX_ATTEMPTS,
  verifyCooldownMessage,
  VERIFY_CODE_TTL_MS,
  verifySendWait,
} from '@tessera/facts/eligibility';
import { appError, constantTimeEqual, insertIfAbsent, retryAfterSeconds } from '@tessera/kit';
import type { UserDoc, VerificationCodeDoc } from '../domain/documents.js';
import { resetCodeStatus } from '../domain/reset.js';
import { isEmailVerified, verificationMail } from '../domain/verification.js';
import { idsToLookUp, type Accounts } from './accounts.js';
import type { IdentityDeps } from './deps.js';
import { codeDigest } from './reset.js';

export class EmailVerification {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly accounts: Accounts,
  ) {}

  /** Mails a new code, unless the address is verified already (then nothing is sent). */
  async send(userId: string): Promise<{ alreadyVerified: boolean; email: string }> {
    const user = await this.accounts.requireUser(userId);
    if (isEmailVerified(user)) return { alreadyVerified: true, email: '' };
    const { repos, clock, random, mailer, logger } = this.deps;
    const now = clock.now();
    const record = await repos.verificationCodes.findOne({ _id: user._id });
    const wait = verifySendWait(record?.sentAt ?? [], now);
    if (wait.waitMs > 0) throw this.tooSoon(wait.quota, wait.waitMs);
    const code = random.resetCode();
    const salt = randomBytes(16).toString('base64url');
    const next: VerificationCodeDoc = {
      _id: user._id,
      salt,
      codeDigest: codeDigest(salt, code),
      issuedAt: now,
      expiresAt: now + VERIFY_CODE_TTL_MS,
      attempts: 0,
      sentAt: [...recentSends(record?.sentAt ?? [], now), now],
    };
    // a compare-and-set on the record read: of two sends at once, one wins and the other waits
    const won = record
      ? (await repos.verificationCodes.replaceOne({ _id: user._id, issuedAt: record.issuedAt }, next))
          .modifiedCount === 1
      : await insertIfAbsent(repos.verificationCodes, next);
    if (!won) throw this.tooSoon(false, 1000);
    try {
      await mailer.send({ to: user.email, ...verificationMail(code) });
    } catch (err) {
      logger.error({ err, userId: user._id }, 'verification code e-mail could not be sent');
      throw appError(
        'EMAIL_SEND_FAILED',
        "We couldn't send the e-mail right now. Please try again in a few minutes.",
      );
    }
    logger.info({ userId: user._id }, 'e-mail verification code sent');
    return { alreadyVerified: false, email: user.email };
  }

  /** Checks the code; on success the address is verified (a verified one answers success again). */
  async confirm(userId: string, rawCode: string): Promise<void> {
    const user = await this.accounts.requireUser(userId);
    if (isEmailVerified(user)) return;
    const code = rawCode.trim();
    if (!isVerifyCodeShape(code))
      throw appError('VALIDATION_ERROR', VERIFICATION_MESSAGES.codeShape, { field: 'code' });
    const { repos, clock, logger } = this.deps;
    const record = await repos.verificationCodes.findOne({ _id: user._id });
    if (record === null) throw appError('VALIDATION_ERROR', VERIFICATION_MESSAGES.noCode, { field: 'code' });
    const status = resetCodeStatus(record, clock.now(), VERIFY_MAX_ATTEMPTS);
    if (status !== 'usable')
      throw appError('VALIDATION_ERROR', VERIFICATION_MESSAGES[status === 'void' ? 'void' : 'expired'], {
        field: 'code',
      });
    // count the guess first (atomically), so parallel guesses cannot exceed the limit
    const counted = await repos.verificationCodes.findOneAndUpdate(
      { _id: user._id, codeDigest: record.codeDigest, attempts: { $lt: VERIFY_MAX_ATTEMPTS } },
      { $inc: { attempts: 1 } },
    );
    if (counted === null) throw appError('VALIDATION_ERROR', VERIFICATION_MESSAGES.void, { field: 'code' });
    if (!constantTimeEqual(codeDigest(counted.salt, code), counted.codeDigest)) {
      const left = VERIFY_MAX_ATTEMPTS - counted.attempts;
      const more =
        left > 0 ? ` ${left} attempt${left === 1 ? '' : 's'} left.` : ' Please ask for a new code.';
      throw appError('VALIDATION_ERROR', `${VERIFICATION_MESSAGES.wrongCode}${more}`, { field: 'code' });
    }
    await repos.users.updateOne(
      { _id: user._id, emailVerifiedAt: { $exists: false } },
      { $set: { emailVerifiedAt: clock.now() } },
    );
    // the code is spent; the record's sends stay, so the day's quota still holds
    await repos.verificationCodes.updateOne(
      { _id: user._id, codeDigest: counted.codeDigest },
      { $set: { attempts: VERIFY_MAX_ATTEMPTS } },
    );
    logger.info({ userId: user._id }, 'e-mail address verified');
  }

  /** Which of `userIds` have a verified address. */
  async verifiedAmong(userIds: string[]): Promise<string[]> {
    const ids = idsToLookUp(userIds);
    if (ids.length === 0) return [];
    const users: UserDoc[] = await this.deps.repos.users.find({ _id: { $in: ids } });
    return users.filter(isEmailVerified).map((u) => u._id);
  }

  private tooSoon(quota: boolean, waitMs: number): Error {
    const sec = retryAfterSeconds(waitMs);
    return appError(
      'RATE_LIMIT_EXCEEDED',
      quota ? VERIFICATION_MESSAGES.tooManySends : verifyCooldownMessage(sec),
      { retryAfterSec: sec },
    );
  }
}
