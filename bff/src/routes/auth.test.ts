import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Router from '@koa/router';
import { MessageResponse, ProvidersResponse, TokenResponse, UserResponse } from '@tessera/api/auth';
import type { BffDeps } from '../deps.js';
import { getAuth, optionalAuth } from '../auth/middleware.js';
import { startBff, withPublicOrigin, type RunningBff } from '../auth/test/app.js';
import { Browser } from '../auth/test/browser.js';
import { PASSWORD, startIdentityDouble, type IdentityDouble } from '../auth/test/identity-double.js';

let identity: IdentityDouble;
let bff: RunningBff;

/** A public route of another module, using optional auth. */
const publicModule = (router: Router, deps: BffDeps) => {
  router.get('/api/test/whoami', optionalAuth(deps), (ctx) => {
    ctx.body = { success: true, userId: getAuth(ctx)?.userId ?? null };
  });
};

beforeAll(async () => {
  identity = await startIdentityDouble();
  // behind a trusted proxy (TRUST_PROXY=1), so X-Forwarded-Proto is believed
  bff = await startBff(
    { identity: identity.url },
    { env: { TRUST_PROXY: '1' }, extraModules: [publicModule] },
  );
});

afterAll(async () => {
  await bff.close();
  await identity.close();
});

async function login(b: Browser) {
  return b.request('POST', '/api/auth/login', { body: { email: 'ada@example.com', password: PASSWORD } });
}

describe('login, session cookie and refresh', () => {
  it('answers the token response and keeps the refresh token in an HttpOnly cookie only', async () => {
    const b = new Browser(bff.base);
    const res = await login(b);
    expect(res.status).toBe(200);
    // parse keeps only the contract's fields: equal means no field missing, renamed or added
    expect(TokenResponse.parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({
      success: true,
      token_type: 'Bearer',
      expires_in: 900,
      user: { id: 'u1', username: 'ada', email: 'ada@example.com', needs_username_selection: false },
    });
    expect(typeof res.body.access_token).toBe('string');
    expect(JSON.stringify(res.body)).not.toMatch(/rt-\d/);
    const rt = res.setCookies.find((c) => c.startsWith('tessera_rt='))!;
    expect(rt).toMatch(/^tessera_rt=rt-[\w-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/);
    expect(rt).not.toContain('Secure');
    // a new session id on sign-in
    expect(res.setCookies.some((c) => c.startsWith('tessera_sid='))).toBe(true);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('uses __Host- names and Secure behind a trusted https proxy', async () => {
    const b = new Browser(bff.base, { origin: bff.base.replace('http:', 'https:') });
    b.extraHeaders['x-forwarded-proto'] = 'https';
    b.extraHeaders['sec-fetch-site'] = 'same-origin';
    await b.fetchCsrf();
    expect([...b.cookies.keys()]).toEqual(['__Host-tessera_sid']);
    const res = await login(b);
    expect(res.status).toBe(200);
    const rt = res.setCookies.find((c) => c.startsWith('__Host-tessera_rt='))!;
    expect(rt).toMatch(/; Path=\/; HttpOnly; SameSite=Strict; Secure; Max-Age=\d+$/);
    expect(res.setCookies.every((c) => c.startsWith('__Host-') && c.includes('; Secure'))).toBe(true);
  });

  it('uses __Host- names and Secure when PUBLIC_URL is https', async () => {
    await withPublicOrigin({ identity: identity.url }, async (b) => {
      await b.fetchCsrf();
      const res = await b.request('POST', '/api/auth/login', {
        body: { email: 'ada@example.com', password: PASSWORD },
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(res.status).toBe(200);
      expect(res.setCookies.find((c) => c.startsWith('__Host-tessera_rt='))).toContain('; Secure');
    });
  });

  it('rotates the refresh cookie, and a reused or missing cookie ends the session', async () => {
    const b = new Browser(bff.base);
    await login(b);
    const first = b.cookies.get('tessera_rt')!;
    const refreshed = await b.request('POST', '/api/auth/refresh-cookie', { body: {} });
    expect(refreshed.status).toBe(200);
    expect(TokenResponse.parse(refreshed.body)).toEqual(refreshed.body);
    expect(refreshed.body).toMatchObject({ success: true, token_type: 'Bearer', user: { id: 'u1' } });
    expect(b.cookies.get('tessera_rt')).not.toBe(first);
    b.cookies.set('tessera_rt', first); // replay the old one
    const reused = await b.request('POST', '/api/auth/refresh-cookie', { body: {} });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ error: 'REFRESH_TOKEN_INVALID', statusCode: 401 });
    expect(reused.setCookies.some((c) => /^tessera_rt=; .*Max-Age=0/.test(c))).toBe(true);
    expect(b.cookies.has('tessera_rt')).toBe(false);
    const none = await b.request('POST', '/api/auth/refresh-cookie', { body: {} });
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('REFRESH_TOKEN_INVALID');
  });

  it('logs out without a valid access token: revokes and clears the cookie', async () => {
    const b = new Browser(bff.base);
    await login(b);
    const token = b.cookies.get('tessera_rt')!;
    const calls = identity.calls.length;
    const res = await b.request('POST', '/api/auth/logout', { body: {}, bearer: 'expired.or.garbage' });
    expect(res.status).toBe(200);
    expect(MessageResponse.parse(res.body)).toEqual(res.body);
    expect(identity.calls.slice(calls)).toContain('logout');
    expect(b.cookies.has('tessera_rt')).toBe(false);
    b.cookies.set('tessera_rt', token);
    expect((await b.request('POST', '/api/auth/refresh-cookie', { body: {} })).status).toBe(401);
  });

  it('passes identity errors through with the spec body', async () => {
    const b = new Browser(bff.base);
    const res = await b.request('POST', '/api/auth/login', {
      body: { email: 'ada@example.com', password: 'nope' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: 'INVALID_CREDENTIALS', statusCode: 401 });
    expect(res.setCookies.some((c) => c.startsWith('tessera_rt='))).toBe(false);
  });
});

describe('request validation', () => {
  it('refuses missing, mistyped and oversized fields with 400 and the field name', async () => {
    const b = new Browser(bff.base);
    const missing = await b.request('POST', '/api/auth/login', { body: { email: 'ada@example.com' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'MISSING_FIELD', field: 'password' });
    const typed = await b.request('POST', '/api/auth/login', { body: { email: 42, password: 'x' } });
    expect(typed.body).toMatchObject({ error: 'INVALID_EMAIL', field: 'email' });
    const long = await b.request('POST', '/api/auth/register', {
      body: { username: 'u'.repeat(500), email: 'a@b.co', password: 'p'.repeat(10) },
    });
    expect(long.body).toMatchObject({ statusCode: 400, field: 'username' });
    const array = await b.request('POST', '/api/auth/login', { body: [1, 2] });
    expect(array.body).toMatchObject({ statusCode: 400, error: 'BAD_REQUEST' });
    const reset = await b.request('POST', '/api/auth/reset-password-logic', {
      body: { email: 'ada@example.com', otp: { $ne: 1 }, newPassword: 'x' },
    });
    expect(reset.body).toMatchObject({ statusCode: 400, field: 'otp' });
  });
});

describe('bearer authentication', () => {
  it('GET /auth/me gives the user at top level and under data', async () => {
    const b = new Browser(bff.base);
    const res = await b.request('GET', '/api/auth/me', { bearer: await identity.sign('u1') });
    expect(res.status).toBe(200);
    const user = { id: 'u1', username: 'ada', email: 'ada@example.com', needs_username_selection: false };
    expect(UserResponse.parse(res.body)).toEqual(res.body);
    expect(res.body).toEqual({ success: true, data: user, ...user });
  });

  it('answers UNAUTHORIZED, TOKEN_EXPIRED or INVALID_TOKEN', async () => {
    const b = new Browser(bff.base);
    const none = await b.request('GET', '/api/auth/me');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: 'UNAUTHORIZED', message: 'Authentication required' });
    const expired = await identity.sign('u1', { iatSec: Math.floor(Date.now() / 1000) - 3600, expSec: 900 });
    expect((await b.request('GET', '/api/auth/me', { bearer: expired })).body).toMatchObject({
      statusCode: 401,
      error: 'TOKEN_EXPIRED',
    });
    const otherAudience = await identity.sign('u1', { audience: 'someone-else' });
    expect((await b.request('GET', '/api/auth/me', { bearer: otherAudience })).body).toMatchObject({
      error: 'INVALID_TOKEN',
    });
    expect((await b.request('GET', '/api/auth/me', { bearer: 'not-a-jwt' })).body.error).toBe(
      'INVALID_TOKEN',
    );
    expect(
      (await b.request('GET', '/api/auth/me', { headers: { authorization: 'Bearer' } })).body.error,
    ).toBe('INVALID_TOKEN');
  });

  it('optional auth ignores a stale token and proceeds anonymously', async () => {
    const b = new Browser(bff.base);
    const expired = await identity.sign('u1', { iatSec: Math.floor(Date.now() / 1000) - 3600, expSec: 900 });
    expect((await b.request('GET', '/api/test/whoami', { bearer: expired })).body).toEqual({
      success: true,
      userId: null,
    });
    expect((await b.request('GET', '/api/test/whoami', { bearer: await identity.sign('u1') })).body).toEqual({
      success: true,
      userId: 'u1',
    });
  });
});

describe('rate limits', () => {
  it('limits login attempts per e-mail with 429 RATE_LIMIT_EXCEEDED and Retry-After', async () => {
    const b = new Browser(bff.base);
    const body = { email: 'limited@example.com', password: 'wrong' };
    for (let i = 0; i < 20; i++) {
      expect((await b.request('POST', '/api/auth/login', { body })).status).toBe(401);
    }
    const res = await b.request('POST', '/api/auth/login', { body });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED', statusCode: 429 });
    const retry = Number(res.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(800);
    expect(retry).toBeLessThanOrEqual(900);
  });
});

describe('sign-in providers without configuration', () => {
  it('says Google is not configured and redirects its start to the login error', async () => {
    const b = new Browser(bff.base);
    const providers = await b.request('GET', '/api/auth/providers');
    expect(ProvidersResponse.parse(providers.body)).toEqual(providers.body);
    expect(providers.body).toEqual({
      success: true,
      data: [{ id: 'google', name: 'Google', configured: false, url: '/api/auth/google' }],
    });
    const start = await b.request('GET', '/api/auth/google');
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe('/login?error=oauth_failed');
  });
});
