/**
 * Bad credentials on the auth and CSRF routes, against the real identity service and a real OpenID
 * provider: missing or forged CSRF tokens and foreign origins on every state-changing call (each
 * carrying an otherwise valid request, so a bypass would show), bad bearer tokens on the
 * authenticated routes, bad refresh cookies, and garbage on the Google redirect and callback (which
 * answer redirects, never errors). Afterwards every process answers and the seeded data is intact.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { forSuite } from '@tessera/kit/testing';
import { BAD_REFRESH_COOKIES, badBearers, CSRF_CASES, type HeaderCase } from './cases.js';
import { RawBrowser, send } from '../../testing/raw-http.js';
import { expectSpecError } from './spec-error.js';
import { expectSurvived, startBadInputStack } from './stack.js';

const s = forSuite(startBadInputStack);
let bearers: HeaderCase[];
beforeAll(async () => {
  bearers = await badBearers(s.seed.accessToken, await s.identityRpc.getSigningKeys({}));
}, 60_000);

/** Each state-changing route with a body that would succeed if the CSRF check let it through. */
const MUTATIONS: {
  method: string;
  path: string;
  body: () => unknown;
  bearer?: boolean;
  tokenExempt?: boolean;
}[] = [
  {
    method: 'POST',
    path: '/api/auth/login',
    body: () => ({ email: s.seed.email, password: s.seed.password }),
  },
  {
    method: 'POST',
    path: '/api/auth/register',
    body: () => ({
      username: `csrf_${Date.now()}`,
      email: `csrf.${Date.now()}@example.com`,
      password: s.seed.password,
    }),
  },
  { method: 'POST', path: '/api/auth/refresh-cookie', body: () => ({}) },
  { method: 'POST', path: '/api/auth/logout', body: () => ({}) },
  {
    method: 'PATCH',
    path: '/api/auth/update-username',
    body: () => ({ username: 'csrf_bypassed' }),
    bearer: true,
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password-logic',
    body: () => ({ email: s.seed.email, otp: '123456', newPassword: 'x'.repeat(9) }),
  },
  { method: 'POST', path: '/api/auth/oauth/exchange', body: () => ({ exchange_token: 'x'.repeat(20) }) },
  {
    method: 'POST',
    path: '/api/auth/reset-password-email',
    body: () => ({ email: s.seed.email }),
    tokenExempt: true,
  },
  { method: 'POST', path: '/api/csrf/refresh-csrf-token', body: () => ({}), tokenExempt: true },
];

describe.each(MUTATIONS)('$method $path', (route) => {
  it('refuses a missing, forged or foreign CSRF token and foreign origins with 403', async () => {
    // the seeded browser: its refresh cookie rides along, so a bypassed refresh or logout would show
    const own = {
      token: await s.seed.browser.csrf(),
      sid: s.seed.browser.cookies.get('tessera_sid')!,
      base: s.base,
    };
    const otherToken = await new RawBrowser(s.base).csrf();
    const rt = s.seed.browser.cookies.get('tessera_rt')!;
    for (const c of CSRF_CASES.filter((x) => !route.tokenExempt || x.originCheck)) {
      const headers = c.headers({ ...own, otherToken });
      headers.cookie = [headers.cookie, `tessera_rt=${rt}`].filter(Boolean).join('; ');
      if (route.bearer) headers.authorization = `Bearer ${s.seed.oidcToken}`;
      const res = await send(s.base, { method: route.method, path: route.path, headers, body: route.body() });
      expectSpecError(res, `${route.path} with ${c.name}`, { status: 403, code: 'CSRF_INVALID' });
      expect(String((res.json as { message: string }).message).toLowerCase()).toContain('csrf');
      expect(res.headers['set-cookie'], `${route.path} with ${c.name}`).toBeUndefined();
    }
  });
});

const AUTHENTICATED = [
  { method: 'GET', path: '/api/auth/me' },
  { method: 'GET', path: '/api/csrf/csrf-token-secure' },
  { method: 'PATCH', path: '/api/auth/update-username', body: { username: 'bearer_bypassed' } },
];

describe.each(AUTHENTICATED)('$method $path', (route) => {
  it('refuses missing, malformed, unsigned and forged bearer tokens with 401', async () => {
    for (const c of bearers) {
      const headers: Record<string, string> = c.authorization ? { authorization: c.authorization } : {};
      const res = await s.http.send({ method: route.method, path: route.path, headers, body: route.body });
      expectSpecError(res, `${route.path} with ${c.name}`, c.want);
      expect(res.headers['www-authenticate'], c.name).toMatch(/^Bearer/);
    }
  });
});

/** POST with a fresh session's CSRF token and `cookie` as the refresh cookie (may be empty). */
async function postWithRefreshCookie(path: string, cookie: string) {
  const b = new RawBrowser(s.base);
  const token = await b.csrf();
  const sid = b.cookies.get('tessera_sid')!;
  return send(s.base, {
    method: 'POST',
    path,
    headers: {
      origin: s.base,
      'x-csrf-token': token,
      cookie: [cookie, `tessera_sid=${sid}`].filter(Boolean).join('; '),
    },
    body: {},
  });
}

describe('POST /api/auth/refresh-cookie and /api/auth/logout', () => {
  it('refuses refresh without a usable refresh cookie with 401 and clears it', async () => {
    for (const [name, cookie] of BAD_REFRESH_COOKIES) {
      const res = await postWithRefreshCookie('/api/auth/refresh-cookie', cookie);
      expectSpecError(res, `refresh with ${name}`, { status: 401, code: 'REFRESH_TOKEN_INVALID' });
      expect(
        res.headers['set-cookie']?.some((c) => /^tessera_rt=;.*Max-Age=0/.test(c)),
        name,
      ).toBe(true);
    }
  });

  it('signs out anyway (200) with an unusable refresh cookie, revoking nothing else', async () => {
    for (const [name, cookie] of BAD_REFRESH_COOKIES) {
      const res = await postWithRefreshCookie('/api/auth/logout', cookie);
      expect(res.status, name).toBe(200);
      expect(res.json, name).toEqual({ success: true, message: 'Logged out successfully' });
    }
  });
});

describe('GET /api/auth/google and its callback', () => {
  const FAILED = '/auth/callback?error=google_auth_failed';

  it('starts a sign-in (302 to the provider) whatever junk the request carries', async () => {
    const junk: Record<string, string>[] = [
      {},
      { cookie: 'tessera_oidc=%00%zz; tessera_sid=;;' },
      { 'x-forwarded-host': 'evil.example:99999' },
      { 'x-forwarded-proto': 'gopher' },
      { 'x-forwarded-for': `${'1.2.3.4, '.repeat(500)}` },
      { host: '' },
      { host: 'a b c' },
    ];
    for (const headers of junk) {
      for (const path of ['/api/auth/google', '/api/auth/google?redirect=https://evil.example&x=%00&x=1']) {
        const res = await send(s.base, { path, headers });
        const where = `${path} ${JSON.stringify(headers)} -> ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, where).toBe(302);
        const to = String(res.headers.location);
        expect(to.startsWith('http://127.0.0.1:') || to === FAILED, where).toBe(true);
        expect(to, where).not.toContain('evil.example');
      }
    }
  });

  it('sends every bad callback to the failure page', async () => {
    const started = await send(s.base, { path: '/api/auth/google' });
    const binding = String(started.headers['set-cookie']?.[0]).split(';')[0]!;
    const state = new URL(String(started.headers.location)).searchParams.get('state')!;
    const cases: [string, string, string][] = [
      ['no binding cookie', '?code=abc&state=abc', ''],
      ['garbage binding cookie', '?code=abc&state=abc', 'tessera_oidc=garbage'],
      ['bad binding cookie characters', '?code=abc&state=abc', 'tessera_oidc="%00"'],
      ['no query', '', binding],
      ['wrong state', '?code=abc&state=wrong', binding],
      ['garbage code', `?code=%00%zz&state=${state}`, binding],
      ['repeated parameters', `?code=a&code=b&state=${state}&state=${state}`, binding],
      ['provider error', `?error=access_denied&error_description=%3Cscript%3E&state=${state}`, binding],
      ['5 kB query', `?code=${'c'.repeat(5000)}&state=${state}`, binding],
      ['wrong issuer', `?code=abc&state=${state}&iss=https%3A%2F%2Fevil.example`, binding],
    ];
    for (const [name, query, cookie] of cases) {
      const res = await send(s.base, {
        path: `/api/auth/google/callback${query}`,
        headers: cookie ? { cookie } : {},
      });
      expect(res.status, name).toBe(302);
      expect(res.headers.location, name).toBe(FAILED);
    }
  });

  it('answers the providers list whatever junk the request carries', async () => {
    for (const path of [
      '/api/auth/providers?x=%00',
      '/api/auth/providers?a=1&a=2',
      `/api/auth/providers?${'q'.repeat(8000)}`,
    ]) {
      const res = await send(s.base, { path, headers: { authorization: 'Bearer garbage', cookie: ';;=' } });
      expect(res.status, path).toBe(200);
      expect((res.json as { data: unknown[] }).data, path).toHaveLength(1);
    }
  });
});

it('still serves every process and keeps the seeded data', async () => {
  await expectSurvived(s);
});
