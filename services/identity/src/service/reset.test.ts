import { describe, expect, it, onTestFinished } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { forSuite } from '@tessera/kit/testing';
import { RESET_RESEND_COOLDOWN_MS } from '@tessera/facts/account';
import { appError, BUSY_MESSAGE } from '@tessera/kit';
import { scryptHasher } from '../setup.js';
import { FAST_SCRYPT, failureOf, newAccount, startHarness } from '../test/harness.js';

const h = forSuite(startHarness);

async function accountWithCode() {
  const a = newAccount();
  const { session } = await h.client.register(a);
  await h.client.requestPasswordReset({ email: a.email });
  return { a, session: session!, code: await h.codeFor(a.email) };
}

const other = (code: string) => (code === '000000' ? '111111' : '000000');

describe('password reset', () => {
  it('mails a 6-digit code that resets once, ends every session, and the new password signs in', async () => {
    const { a, session, code } = await accountWithCode();
    const mail = h.outbox!.lastTo(a.email)!;
    expect(mail.subject).toContain(code);
    expect(mail.text).toContain(code);
    expect(mail.text).toContain('expires in 5 minutes');
    await h.outbox!.flush();
    const lines = fs.readFileSync(path.join(h.dir, 'outbox.jsonl'), 'utf8').trim().split('\n');
    expect(JSON.parse(lines[lines.length - 1]!)).toMatchObject({ to: a.email });

    await h.client.resetPassword({ email: a.email, otp: code, newPassword: 'Another-Passw0rd!' });
    expect(
      (await failureOf(h.client.resetPassword({ email: a.email, otp: code, newPassword: 'Third-Passw0rd!' })))
        .code,
    ).toBe('INVALID_OTP');
    expect((await failureOf(h.client.refresh({ refreshToken: session.refreshToken }))).code).toBe(
      'REFRESH_TOKEN_INVALID',
    );
    expect((await failureOf(h.client.login({ email: a.email, password: a.password }))).code).toBe(
      'INVALID_CREDENTIALS',
    );
    expect((await h.client.login({ email: a.email, password: 'Another-Passw0rd!' })).session).toBeDefined();
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = `nobody.${Date.now()}@example.com`;
    await expect(h.client.requestPasswordReset({ email })).resolves.toEqual(expect.anything());
    expect(h.outbox!.lastTo(email)).toBeUndefined();
    expect(
      (await failureOf(h.client.resetPassword({ email, otp: '123456', newPassword: 'Another-Passw0rd!' })))
        .code,
    ).toBe('INVALID_OTP');
  });

  it('answers guesses for an unregistered address exactly as for a registered one', async () => {
    // anyone can ask for a code for any address: the guesses that follow must not tell them apart
    h.clock.freeze();
    onTestFinished(() => h.clock.resume());
    const guess = async (email: string, otp: string) =>
      failureOf(h.client.resetPassword({ email, otp, newPassword: 'Another-Passw0rd!' }));
    const known = await accountWithCode();
    const unknown = `nobody.${Date.now()}@example.com`;
    await h.client.requestPasswordReset({ email: unknown });
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) {
      const forKnown = await guess(known.a.email, other(known.code));
      expect(await guess(unknown, other(known.code))).toEqual(forKnown);
      answers.push(forKnown.code);
    }
    expect(answers).toEqual([...Array<string>(5).fill('INVALID_OTP'), 'OTP_EXPIRED']);

    const later = await accountWithCode();
    const unknownLater = `nobody.later.${Date.now()}@example.com`;
    await h.client.requestPasswordReset({ email: unknownLater });
    h.clock.advance(5 * 60_000 + 1000);
    const late = await guess(later.a.email, later.code);
    expect(late.code).toBe('OTP_EXPIRED');
    expect(await guess(unknownLater, later.code)).toEqual(late);
    expect(h.outbox!.lastTo(unknown)).toBeUndefined();
  });

  it('voids the code after 5 wrong guesses: the 6th fails even when right', async () => {
    const { a, code } = await accountWithCode();
    for (let i = 0; i < 5; i++) {
      const f = await failureOf(
        h.client.resetPassword({ email: a.email, otp: other(code), newPassword: 'Another-Passw0rd!' }),
      );
      expect(f.code).toBe('INVALID_OTP');
    }
    const sixth = await failureOf(
      h.client.resetPassword({ email: a.email, otp: code, newPassword: 'Another-Passw0rd!' }),
    );
    expect(sixth.code).toBe('OTP_EXPIRED');
    expect(sixth.message).toMatch(/request a new one/);
  });

  it('accepts the right code on the 5th guess', async () => {
    const { a, code } = await accountWithCode();
    for (let i = 0; i < 4; i++)
      await failureOf(
        h.client.resetPassword({ email: a.email, otp: other(code), newPassword: 'Another-Passw0rd!' }),
      );
    await h.client.resetPassword({ email: a.email, otp: code, newPassword: 'Another-Passw0rd!' });
  });

  it('expires the code after 5 minutes (5:00 works, 5:01 fails)', async () => {
    h.clock.freeze();
    onTestFinished(() => h.clock.resume());
    const first = await accountWithCode();
    h.clock.advance(5 * 60_000);
    await h.client.resetPassword({ email: first.a.email, otp: first.code, newPassword: 'Another-Passw0rd!' });
    const second = await accountWithCode();
    h.clock.advance(5 * 60_000 + 1000);
    const late = await failureOf(
      h.client.resetPassword({ email: second.a.email, otp: second.code, newPassword: 'Another-Passw0rd!' }),
    );
    expect(late.code).toBe('OTP_EXPIRED');
  });

  it('sends one code per 60 s per address, registered or not', async () => {
    const { a, code } = await accountWithCode();
    const again = await failureOf(h.client.requestPasswordReset({ email: a.email }));
    expect(again.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(again.message).toMatch(/wait \d+ seconds/);
    const unknown = `nobody.${Date.now()}@example.com`;
    await h.client.requestPasswordReset({ email: unknown });
    expect((await failureOf(h.client.requestPasswordReset({ email: unknown }))).code).toBe(
      'RATE_LIMIT_EXCEEDED',
    );
    h.clock.advance(RESET_RESEND_COOLDOWN_MS + 1);
    await h.client.requestPasswordReset({ email: a.email });
    const fresh = await h.codeFor(a.email);
    // the new code replaces the old one
    if (fresh !== code) {
      expect(
        (
          await failureOf(
            h.client.resetPassword({ email: a.email, otp: code, newPassword: 'Another-Passw0rd!' }),
          )
        ).code,
      ).toBe('INVALID_OTP');
    }
    await h.client.resetPassword({ email: a.email, otp: fresh, newPassword: 'Another-Passw0rd!' });
  });

  it('checks the input', async () => {
    expect((await failureOf(h.client.requestPasswordReset({ email: 'nope' }))).code).toBe('INVALID_EMAIL');
    expect((await failureOf(h.client.requestPasswordReset({ email: '' }))).code).toBe('MISSING_FIELD');
    const email = 'someone@example.com';
    expect(
      (await failureOf(h.client.resetPassword({ email, otp: '12ab56', newPassword: 'Another-Passw0rd!' })))
        .code,
    ).toBe('INVALID_OTP');
    expect(
      (await failureOf(h.client.resetPassword({ email, otp: '', newPassword: 'Another-Passw0rd!' }))).code,
    ).toBe('MISSING_FIELD');
    expect(
      (await failureOf(h.client.resetPassword({ email, otp: '123456', newPassword: 'short' }))).code,
    ).toBe('INVALID_PASSWORD');
  });
});

describe('password reset while the hashing queue is busy', () => {
  let refuseNextHash = false;
  const inner = scryptHasher(FAST_SCRYPT);
  const busy = forSuite(() =>
    startHarness({
      hasher: {
        hash: (pw) => {
          if (!refuseNextHash) return inner.hash(pw);
          refuseNextHash = false;
          return Promise.reject(appError('SERVICE_UNAVAILABLE', BUSY_MESSAGE));
        },
        verify: (pw, stored) => inner.verify(pw, stored),
      },
    }),
  );

  it('keeps the code when the new password could not be hashed, so the retry resets', async () => {
    const a = newAccount();
    await busy.client.register(a);
    await busy.client.requestPasswordReset({ email: a.email });
    const code = await busy.codeFor(a.email);
    refuseNextHash = true;
    const reset = { email: a.email, otp: code, newPassword: 'Another-Passw0rd!' };
    expect((await failureOf(busy.client.resetPassword(reset))).code).toBe('SERVICE_UNAVAILABLE');
    await busy.client.resetPassword(reset);
    expect((await busy.client.login({ email: a.email, password: reset.newPassword })).session).toBeDefined();
  });
});
