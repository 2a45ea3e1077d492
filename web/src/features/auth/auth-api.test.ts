// The auth calls against a scripted BFF: request shapes, CSRF rules, and what the session store keeps.
import { describe, expect, it } from 'vitest';
import { createHarness, csrfBody, json, routes, SIGNED_IN_USER } from '../../api/client.fixture.js';
import {
  destinationFor,
  exchangeOAuthToken,
  login,
  parseProviders,
  register,
  requestResetCode,
  resetPassword,
  updateUsername,
} from './auth-api.js';

const USER_JSON = { id: 'u1', username: 'ada', email: 'ada@example.com', needs_username_selection: false };
const grant = (user: unknown = USER_JSON, extra: Record<string, unknown> = {}) =>
  json(200, { success: true, access_token: 'tok', expires_in: 900, token_type: 'Bearer', user, ...extra });
const csrf = json(200, csrfBody('csrf-1'));

describe('login and register', () => {
  it('posts the credentials with CSRF and keeps the session', async () => {
    const h = createHarness(routes({ 'GET /csrf/csrf-token': [csrf], 'POST /auth/login': [grant()] }));
    const to = await login({ api: h.client, auth: h.auth }, ' ada@example.com ', 'pw');
    expect(to).toBe('/canvas');
    const call = h.appCalls()[0];
    expect(call?.body).toEqual({ email: 'ada@example.com', password: 'pw' });
    expect(call?.headers['x-csrf-token']).toBe('csrf-1');
    expect(call?.headers.authorization).toBeUndefined();
    expect(h.auth.getAccessToken()).toBe('tok');
    expect(h.auth.getUser()).toEqual(SIGNED_IN_USER);
  });

  it('registers with username, e-mail and password', async () => {
    const h = createHarness(routes({ 'GET /csrf/csrf-token': [csrf], 'POST /auth/register': [grant()] }));
    await register(
      { api: h.client, auth: h.auth },
      { username: ' ada ', email: 'ada@example.com', password: 'pw' },
    );
    expect(h.appCalls()[0]?.body).toEqual({ username: 'ada', email: 'ada@example.com', password: 'pw' });
  });

  it('passes INVALID_CREDENTIALS through without touching the session', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token': [csrf],
        'POST /auth/login': [json(401, { success: false, error: 'INVALID_CREDENTIALS', message: 'no' })],
      }),
    );
    await expect(login({ api: h.client, auth: h.auth }, 'a@b.co', 'x')).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(h.auth.isSignedIn()).toBe(false);
  });
});

describe('password reset', () => {
  it('sends the reset e-mail without CSRF or auth, and the reset with CSRF', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token': [csrf],
        'POST /auth/reset-password-email': [json(200, { success: true, message: 'sent' })],
        'POST /auth/reset-password-logic': [json(200, { success: true, message: 'done' })],
      }),
    );
    await requestResetCode(h.client, 'a@b.co');
    await resetPassword(h.client, { email: 'a@b.co', otp: '123456', newPassword: 'newpassword' });
    const [email, reset] = h.appCalls();
    expect(email?.body).toEqual({ email: 'a@b.co' });
    expect(email?.headers['x-csrf-token']).toBeUndefined();
    expect(reset?.body).toEqual({ email: 'a@b.co', otp: '123456', newPassword: 'newpassword' });
    expect(reset?.headers['x-csrf-token']).toBe('csrf-1');
  });
});

describe('OAuth exchange and username', () => {
  it('sends a user who needs a username to the username choice', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token': [csrf],
        'POST /auth/oauth/exchange': [
          grant(
            { id: 'u2', username: null, email: 'g@x.co', needs_username_selection: true },
            {
              needs_username_selection: true,
            },
          ),
        ],
      }),
    );
    expect(await exchangeOAuthToken({ api: h.client, auth: h.auth }, 'ex-1')).toBe('/select-username');
    expect(h.appCalls()[0]?.body).toEqual({ exchange_token: 'ex-1' });
    expect(h.auth.getUser()?.needsUsernameSelection).toBe(true);
  });

  it('stores the chosen username', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token-secure': [csrf],
        'PATCH /auth/update-username': [
          json(200, { success: true, data: { ...USER_JSON, username: 'grace' } }),
        ],
      }),
    );
    h.auth.setSession({
      accessToken: 'tok',
      expiresIn: 900,
      user: { id: 'u1', username: null, email: 'ada@example.com', needsUsernameSelection: true },
    });
    const user = await updateUsername({ api: h.client, auth: h.auth }, 'grace');
    expect(user).toMatchObject({ username: 'grace', needsUsernameSelection: false });
    expect(h.auth.getUser()?.username).toBe('grace');
    expect(h.appCalls()[0]?.headers.authorization).toBe('Bearer tok');
  });

  it('chooses the destination from the grant or the user', () => {
    expect(destinationFor(null, true)).toBe('/select-username');
    expect(destinationFor({ ...SIGNED_IN_USER, needsUsernameSelection: true })).toBe('/select-username');
    expect(destinationFor(SIGNED_IN_USER, false)).toBe('/canvas');
  });
});

describe('parseProviders', () => {
  it('reads the BFF providers list', () => {
    expect(
      parseProviders({
        success: true,
        data: [{ id: 'google', name: 'Google', configured: false, url: '/api/auth/google' }],
      }),
    ).toEqual([{ id: 'google', name: 'Google', configured: false, url: '/api/auth/google' }]);
    expect(parseProviders({ data: [{ name: 'x' }, 3] })).toEqual([]);
    expect(parseProviders(null)).toEqual([]);
  });
});
