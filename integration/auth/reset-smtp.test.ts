/**
 * Password reset with a real SMTP server on loopback: identity sends through nodemailer (SMTP_URL),
 * the test reads the code from the received mail and uses it through the BFF like a browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../../bff/src/auth/test/browser.js';
import { askResetCode, signedUpBrowser, startAuthStack, type AuthStack } from './stack.js';

let stack: AuthStack;

beforeAll(async () => {
  stack = await startAuthStack({}, { smtp: true });
});

afterAll(async () => {
  await stack?.close();
});

const registered = () => signedUpBrowser(stack.bff.base);

async function askForCode(email: string) {
  const res = await askResetCode(new Browser(stack.bff.base), email);
  expect(res.status).toBe(200);
  return stack.resetCodeFor(email);
}

function resetWith(email: string, otp: string, newPassword = 'Another-Passw0rd!') {
  return new Browser(stack.bff.base).request('POST', '/api/auth/reset-password-logic', {
    body: { email, otp, newPassword },
  });
}

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('password reset over SMTP', () => {
  it('delivers a mail whose code works once and ends the other sessions', async () => {
    const { user, browser } = await registered();
    const code = await askForCode(user.email);
    const mail = stack.smtp!.received.find((m) => m.to.includes(user.email))!;
    expect(mail.subject).toContain(code);
    expect(mail.text).toContain(`Your 6-digit reset code is: ${code}`);
    expect(mail.text).toContain('expires in 5 minutes');

    const done = await resetWith(user.email, code);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, message: 'Password has been reset successfully!' });
    const twice = await resetWith(user.email, code, 'Third-Passw0rd!!');
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe('INVALID_OTP');
    // the session that existed before the reset is over
    const refresh = await browser.request('POST', '/api/auth/refresh-cookie', { body: {} });
    expect(refresh.status).toBe(401);
    const login = await new Browser(stack.bff.base).request('POST', '/api/auth/login', {
      body: { email: user.email, password: 'Another-Passw0rd!' },
    });
    expect(login.status).toBe(200);
  });

  it('sends nothing for an unknown address, with the same answer', async () => {
    const email = `nobody.${Date.now()}@example.com`;
    const before = stack.smtp!.received.length;
    const res = await askResetCode(new Browser(stack.bff.base), email);
    expect(res.body).toEqual({
      success: true,
      message: 'If an account exists with this email, a reset code has been sent.',
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(stack.smtp!.received.length).toBe(before);
  });

  it('voids the code after 5 wrong guesses: the 6th fails even when right', async () => {
    const { user } = await registered();
    const code = await askForCode(user.email);
    for (let i = 0; i < 5; i++) {
      const res = await resetWith(user.email, wrong(code));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('INVALID_OTP');
    }
    const sixth = await resetWith(user.email, code);
    expect(sixth.status).toBe(400);
    expect(sixth.body.error).toBe('OTP_EXPIRED');
    const old = await new Browser(stack.bff.base).request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(old.status).toBe(200);
  });

  it('refuses a code at 5:01 and accepts a new one sent after the cooldown', async () => {
    const { user } = await registered();
    const code = await askForCode(user.email);
    stack.clock.advance(5 * 60_000 + 1000);
    const late = await resetWith(user.email, code);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ error: 'OTP_EXPIRED', statusCode: 400 });
    const fresh = await askResetCode(new Browser(stack.bff.base), user.email);
    expect(fresh.status).toBe(200);
    const code2 = await stack.resetCodeFor(user.email, { newerThan: code });
    expect((await resetWith(user.email, code2)).status).toBe(200);
  });
});
