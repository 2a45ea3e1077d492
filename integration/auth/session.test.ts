/**
 * E-mail sign-in through the BFF and the real identity service, driven like a browser (cookie jar,
 * Origin, CSRF header): registration, the current user, refresh rotation and reuse detection,
 * logout, password reset with the code from the dev outbox, and rate limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, registerUser } from '../../bff/src/auth/test/browser.js';
import { newAccount, REFRESH_REUSE_GRACE_MS } from '@tessera/identity/testing';
import { startAuthStack, type AuthStack, askResetCode } from './stack.js';

let stack: AuthStack;

beforeAll(async () => {
  stack = await startAuthStack();
});

afterAll(async () => {
  await stack?.close();
});

describe('registration and the current user', () => {
  it('registers, answers the token response, and /auth/me knows the user', async () => {
    const b = new Browser(stack.bff.base);
    const { res, user, token } = await registerUser(b, newAccount());
    expect(res.body).toMatchObject({
      success: true,
      token_type: 'Bearer',
      user: { username: user.username, email: user.email, needs_username_selection: false },
    });
    expect(res.body.expires_in).toBeGreaterThan(0);
    expect(res.body).not.toHaveProperty('refresh_token');
    expect(b.cookies.has('tessera_rt')).toBe(true);
    const me = await b.request('GET', '/api/auth/me', { bearer: token });
    expect(me.status).toBe(200);
    const id = (res.body.user as { id: string }).id;
    expect(me.body).toMatchObject({
      success: true,
      id,
      username: user.username,
      data: { id, email: user.email },
    });
  });

  it('refuses a second account with the same e-mail or username', async () => {
    const b = new Browser(stack.bff.base);
    const { user } = await registerUser(b, newAccount());
    const sameEmail = await b.request('POST', '/api/auth/register', {
      body: { ...newAccount(), email: user.email },
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error).toBe('EMAIL_ALREADY_EXISTS');
    const sameName = await b.request('POST', '/api/auth/register', {
      body: { ...newAccount(), username: user.username },
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.error).toBe('USERNAME_ALREADY_EXISTS');
  });

  it('signs in with the password and refuses a wrong one with INVALID_CREDENTIALS', async () => {
    const b = new Browser(stack.bff.base);
    const { user } = await registerUser(b, newAccount());
    const ok = await b.request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, user: { email: user.email } });
    const bad = await b.request('POST', '/api/auth/login', {
      body: { email: user.email, password: 'Wrong-Passw0rd!' },
    });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ success: false, error: 'INVALID_CREDENTIALS', statusCode: 401 });
  });
});

describe('refresh cookie', () => {
  /** A new user's browser after one renewal (200): `first` is the sign-up's refresh cookie, now spent. */
  async function signedUpAndRenewed() {
    const b = new Browser(stack.bff.base);
    await registerUser(b, newAccount());
    const first = b.cookies.get('tessera_rt')!;
    const r1 = await b.request('POST', '/api/auth/refresh-cookie', { body: {} });
    expect(r1.status).toBe(200);
    return { b, first, r1 };
  }

  it('rotates; replaying an old cookie is refused and also kills the newer one', async () => {
    const { b, first, r1 } = await signedUpAndRenewed();
    expect(r1.body).toMatchObject({ success: true, token_type: 'Bearer' });
    const second = b.cookies.get('tessera_rt')!;
    expect(second).not.toBe(first);
    const me = await b.request('GET', '/api/auth/me', { bearer: String(r1.body.access_token) });
    expect(me.status).toBe(200);

    // a thief replays the first cookie, after the overlap in which a lost answer is forgiven
    stack.clock.advance(REFRESH_REUSE_GRACE_MS);
    const thief = new Browser(stack.bff.base);
    thief.cookies.set('tessera_rt', first);
    const replay = await thief.request('POST', '/api/auth/refresh-cookie', { body: {} });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ error: 'REFRESH_TOKEN_INVALID', statusCode: 401 });
    expect(thief.cookies.has('tessera_rt')).toBe(false);

    // the whole family is revoked: the owner's newer cookie no longer works either
    const after = await b.request('POST', '/api/auth/refresh-cookie', { body: {} });
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('REFRESH_TOKEN_INVALID');
    expect(b.cookies.has('tessera_rt')).toBe(false);
  });

  // A reload right after another aborts the first page's renewal: its answer (the new cookie) is lost
  // and the browser sends the spent cookie again. The session must survive that (the bug seen in
  // e2e/pixel-info-stack: /account showed "Sign in" after two quick page loads).
  it('the spent cookie again within the overlap renews the session; the newer cookie works too', async () => {
    const { b, first } = await signedUpAndRenewed();
    const newer = b.cookies.get('tessera_rt')!;
    const reload = new Browser(stack.bff.base);
    reload.cookies.set('tessera_rt', first);
    const again = await reload.request('POST', '/api/auth/refresh-cookie', { body: {} });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, token_type: 'Bearer' });
    expect(reload.cookies.get('tessera_rt')).not.toBe(first);
    const me = await reload.request('GET', '/api/auth/me', { bearer: String(again.body.access_token) });
    expect(me.status).toBe(200);
    expect((await b.request('POST', '/api/auth/refresh-cookie', { body: {} })).status).toBe(200);
    expect(b.cookies.get('tessera_rt')).not.toBe(newer);
  });

  it('logout revokes the session even with an expired access token', async () => {
    const b = new Browser(stack.bff.base);
    await registerUser(b, newAccount());
    const cookie = b.cookies.get('tessera_rt')!;
    const out = await b.request('POST', '/api/auth/logout', { body: {}, bearer: 'expired.access.token' });
    expect(out.status).toBe(200);
    expect(out.body.success).toBe(true);
    expect(b.cookies.has('tessera_rt')).toBe(false);
    b.cookies.set('tessera_rt', cookie);
    const res = await b.request('POST', '/api/auth/refresh-cookie', { body: {} });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('REFRESH_TOKEN_INVALID');
  });
});

describe('password reset', () => {
  it('sends a code, resets with it, and the new password signs in', async () => {
    const b = new Browser(stack.bff.base);
    const { user } = await registerUser(b, newAccount());
    const anon = new Browser(stack.bff.base);
    const sent = await askResetCode(anon, user.email);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      success: true,
      message: 'If an account exists with this email, a reset code has been sent.',
    });
    const unknown = await askResetCode(anon, `nobody.${Date.now()}@example.com`);
    expect(unknown.body).toEqual(sent.body);

    const code = await stack.resetCodeFor(user.email);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await anon.request('POST', '/api/auth/reset-password-logic', {
      body: {
        email: user.email,
        otp: code === '000000' ? '111111' : '000000',
        newPassword: 'Another-Passw0rd!',
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('INVALID_OTP');
    const done = await anon.request('POST', '/api/auth/reset-password-logic', {
      body: { email: user.email, otp: code, newPassword: 'Another-Passw0rd!' },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, message: 'Password has been reset successfully!' });
    const old = await anon.request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(old.status).toBe(401);
    const fresh = await anon.request('POST', '/api/auth/login', {
      body: { email: user.email, password: 'Another-Passw0rd!' },
    });
    expect(fresh.status).toBe(200);
  });
});

describe('rate limits', () => {
  it('answers 429 RATE_LIMIT_EXCEEDED within the 60 s resend cooldown, for any address', async () => {
    const anon = new Browser(stack.bff.base);
    for (const email of [
      `cooldown.${Date.now()}@example.com`,
      (await registerUser(new Browser(stack.bff.base), newAccount())).user.email,
    ]) {
      const first = await askResetCode(anon, email);
      expect(first.status).toBe(200);
      const again = await askResetCode(anon, email);
      expect(again.status).toBe(429);
      expect(again.body).toMatchObject({ success: false, error: 'RATE_LIMIT_EXCEEDED', statusCode: 429 });
      expect(String(again.body.message)).toMatch(/wait \d+ seconds before requesting another reset code/);
    }
  });

  it('answers 429 RATE_LIMIT_EXCEEDED with Retry-After once an e-mail asks for too many reset codes', async () => {
    const anon = new Browser(stack.bff.base);
    const email = `limit.${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) {
      const ok = await askResetCode(anon, email);
      expect(ok.status).toBe(200);
      stack.clock.advance(61_000); // past identity's 60 s resend cooldown; the BFF's window keeps real time
    }
    const res = await askResetCode(anon, email);
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ success: false, error: 'RATE_LIMIT_EXCEEDED', statusCode: 429 });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
