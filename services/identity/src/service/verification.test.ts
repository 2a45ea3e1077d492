import { describe, expect, it } from 'vitest';
import { appErrorRetryAfter } from '@tessera/kit';
import { forSuite } from '@tessera/kit/testing';
import {
  VERIFICATION_MESSAGES,
  VERIFY_CODE_TTL_MS,
  VERIFY_MAX_ATTEMPTS,
  VERIFY_MAX_SENDS,
  VERIFY_RESEND_COOLDOWN_MS,
} from '@tessera/facts/eligibility';
import { codeInVerificationMail } from '../domain/verification.js';
import { failureOf, newAccount, startHarness } from '../test/harness.js';

const h = forSuite(startHarness);

async function registered() {
  const a = newAccount('verify');
  const { session } = await h.client.register(a);
  return { ...a, id: session!.user!.id };
}

function mailedCode(email: string): string {
  const mail = h.outbox!.lastTo(email);
  const code = mail ? codeInVerificationMail(mail.text) : null;
  if (!code) throw new Error(`no verification mail to ${email}`);
  return code;
}

const verified = async (id: string) => (await h.client.getVerifiedUsers({ userIds: [id] })).userIds;
const other = (code: string) => (code === '000000' ? '111111' : '000000');

describe('e-mail verification', () => {
  it('mails a 6-digit code; confirming it verifies the address for good', async () => {
    const a = await registered();
    expect(await verified(a.id)).toEqual([]);
    expect(await h.client.sendEmailVerification({ userId: a.id })).toMatchObject({
      alreadyVerified: false,
      email: a.email,
    });
    const code = mailedCode(a.email);
    expect(h.outbox!.lastTo(a.email)!.subject).toContain(code);
    await h.client.confirmEmailVerification({ userId: a.id, code });
    expect(await verified(a.id)).toEqual([a.id]);
    // verified: nothing more is sent, and confirming again is no error
    expect(await h.client.sendEmailVerification({ userId: a.id })).toMatchObject({ alreadyVerified: true });
    await h.client.confirmEmailVerification({ userId: a.id, code: '000000' });
  });

  it('refuses a wrong code, then voids the code after the last guess', async () => {
    const a = await registered();
    await h.client.sendEmailVerification({ userId: a.id });
    const code = mailedCode(a.email);
    for (let i = 1; i < VERIFY_MAX_ATTEMPTS; i++) {
      const f = await failureOf(h.client.confirmEmailVerification({ userId: a.id, code: other(code) }));
      expect(f).toMatchObject({ code: 'VALIDATION_ERROR', field: 'code' });
      expect(f.message).toContain(VERIFICATION_MESSAGES.wrongCode);
    }
    await failureOf(h.client.confirmEmailVerification({ userId: a.id, code: other(code) }));
    // the right code after five guesses: void
    expect(await failureOf(h.client.confirmEmailVerification({ userId: a.id, code }))).toMatchObject({
      message: VERIFICATION_MESSAGES.void,
    });
    expect(await verified(a.id)).toEqual([]);
    expect((await failureOf(h.client.confirmEmailVerification({ userId: a.id, code: '12ab' }))).message).toBe(
      VERIFICATION_MESSAGES.codeShape,
    );
  });

  it('expires a code, limits resends to one a minute and five a day', async () => {
    const a = await registered();
    expect(
      (await failureOf(h.client.confirmEmailVerification({ userId: a.id, code: '123456' }))).message,
    ).toBe(VERIFICATION_MESSAGES.noCode);
    await h.client.sendEmailVerification({ userId: a.id });
    const first = mailedCode(a.email);
    expect(await failureOf(h.client.sendEmailVerification({ userId: a.id }))).toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
    });
    // the refusal carries the wait, which the BFF answers as Retry-After
    const soon = await h.client.sendEmailVerification({ userId: a.id }).catch((e: unknown) => e);
    expect(appErrorRetryAfter(soon)).toBeGreaterThan(0);
    expect(appErrorRetryAfter(soon)).toBeLessThanOrEqual(VERIFY_RESEND_COOLDOWN_MS / 1000);
    h.clock.advance(VERIFY_CODE_TTL_MS + 1);
    expect(await failureOf(h.client.confirmEmailVerification({ userId: a.id, code: first }))).toMatchObject({
      message: VERIFICATION_MESSAGES.expired,
    });
    for (let i = 1; i < VERIFY_MAX_SENDS; i++) {
      h.clock.advance(VERIFY_RESEND_COOLDOWN_MS);
      await h.client.sendEmailVerification({ userId: a.id });
    }
    h.clock.advance(VERIFY_RESEND_COOLDOWN_MS);
    expect(await failureOf(h.client.sendEmailVerification({ userId: a.id }))).toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
      message: VERIFICATION_MESSAGES.tooManySends,
    });
    // the last code still works
    await h.client.confirmEmailVerification({ userId: a.id, code: mailedCode(a.email) });
    expect(await verified(a.id)).toEqual([a.id]);
  });

  it('counts an OpenID Connect sign-in (the provider verified the address) as verified', async () => {
    const who = {
      issuer: 'https://accounts.example.com',
      subject: `verify-sub-${Date.now()}`,
      email: `verify.oidc.${Date.now()}@example.com`,
      emailVerified: true,
      name: '',
    };
    const { exchangeToken } = await h.client.signInWithOidc(who);
    const { session } = await h.client.redeemExchangeToken({ exchangeToken });
    const plain = await registered();
    const ids = [session!.user!.id, plain.id, 'not-a-user'];
    expect((await h.client.getVerifiedUsers({ userIds: ids })).userIds).toEqual([session!.user!.id]);
  });
});
