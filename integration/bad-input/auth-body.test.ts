/**
 * Bad request bodies on every state-changing auth and CSRF route of the BFF, against the real
 * identity service: malformed or oversized bodies, wrong JSON shapes, and wrong values of each
 * field (type, presence, length, control characters), plus the account rules identity applies.
 * Every answer is a 4xx with the spec's error body; afterwards every process answers and the
 * seeded data is intact.
 */
import { describe, it } from 'vitest';
import { forSuite } from '@tessera/kit/testing';
import { bodyRequest, fieldCases, malformedBodies, wrongShapes, type BodyCase } from './cases.js';
import { expectSpecError } from './spec-error.js';
import { expectSurvived, startBadInputStack } from './stack.js';

const s = forSuite(startBadInputStack);

let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;
const PASSWORD = 'Another-Passw0rd!';

interface Route {
  method: string;
  path: string;
  valid: () => Record<string, unknown>;
  /**
   * Sent with a bearer token: true, of the user who still has to pick a username (OpenID Connect);
   * 'seed', of the seeded user (signed up with a password, address not verified).
   */
  bearer?: boolean | 'seed';
  /** Cases for the account rules identity applies (the BFF passes these on). */
  rules?: () => BodyCase[];
}

const ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/api/auth/login',
    valid: () => ({ email: 'nobody@example.com', password: PASSWORD }),
    rules: () => [
      { name: 'not an e-mail address', body: { email: 'not-an-email', password: PASSWORD } },
      {
        name: 'e-mail with a NUL byte',
        body: { email: `nul\u0000${unique()}@example.com`, password: PASSWORD },
      },
      { name: 'unknown account', body: { email: `nobody.${unique()}@example.com`, password: PASSWORD } },
      {
        name: 'password over identity limit',
        body: { email: 'nobody@example.com', password: 'p'.repeat(1000) },
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/auth/register',
    valid: () => ({ username: `u_${unique()}`, email: `new.${unique()}@example.com`, password: PASSWORD }),
    rules: () => {
      const ok = () => ({
        username: `u_${unique()}`,
        email: `new.${unique()}@example.com`,
        password: PASSWORD,
      });
      return [
        { name: 'username too short', body: { ...ok(), username: 'ab' } },
        { name: 'username of 50', body: { ...ok(), username: 'u'.repeat(50) } },
        { name: 'username with spaces', body: { ...ok(), username: 'two words' } },
        { name: 'username with accents', body: { ...ok(), username: `\u00e9l\u00e8ve_${n}` } },
        { name: 'username with a NUL byte', body: { ...ok(), username: `nul\u0000${unique()}` } },
        { name: 'username with a newline', body: { ...ok(), username: `line\n${unique()}` } },
        { name: 'username is the seeded one', body: { ...ok(), username: s.seed.username } },
        {
          name: 'username is the seeded one upper-cased',
          body: { ...ok(), username: s.seed.username.toUpperCase() },
        },
        { name: 'e-mail is the seeded one', body: { ...ok(), email: s.seed.email } },
        {
          name: 'e-mail is the seeded one padded',
          body: { ...ok(), email: ` ${s.seed.email.toUpperCase()} ` },
        },
        { name: 'e-mail without a domain', body: { ...ok(), email: 'a@b' } },
        { name: 'e-mail with a NUL byte', body: { ...ok(), email: `nul\u0000${unique()}@example.com` } },
        {
          name: 'e-mail with control characters',
          body: { ...ok(), email: `bel\u0007${unique()}@example.com` },
        },
        { name: 'e-mail with a newline', body: { ...ok(), email: `x${unique()}@example.com\nBcc:a@b.co` } },
        { name: 'password of 7', body: { ...ok(), password: '1234567' } },
        { name: 'password over identity limit', body: { ...ok(), password: 'p'.repeat(300) } },
      ];
    },
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password-email',
    valid: () => ({ email: `nobody.${unique()}@example.com` }),
    rules: () => [
      { name: 'not an e-mail address', body: { email: 'not-an-email' } },
      { name: 'e-mail with a NUL byte', body: { email: `nul\u0000${unique()}@example.com` } },
      { name: 'e-mail with a header injection', body: { email: `x${unique()}@example.com\r\nBcc: a@b.co` } },
    ],
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password-logic',
    valid: () => ({ email: 'nobody@example.com', otp: '123456', newPassword: PASSWORD }),
    rules: () => [
      { name: 'otp of letters', body: { email: s.seed.email, otp: 'abcdef', newPassword: PASSWORD } },
      { name: 'otp of 5 digits', body: { email: s.seed.email, otp: '12345', newPassword: PASSWORD } },
      { name: 'otp of 16 digits', body: { email: s.seed.email, otp: '1'.repeat(16), newPassword: PASSWORD } },
      { name: 'otp never requested', body: { email: s.seed.email, otp: '123456', newPassword: PASSWORD } },
      { name: 'new password of 7', body: { email: s.seed.email, otp: '123456', newPassword: '1234567' } },
      { name: 'not an e-mail address', body: { email: 'nope', otp: '123456', newPassword: PASSWORD } },
    ],
  },
  {
    method: 'POST',
    path: '/api/auth/oauth/exchange',
    valid: () => ({ exchange_token: `xt-${unique()}` }),
    rules: () => [
      { name: 'unknown token', body: { exchange_token: 'x'.repeat(64) } },
      { name: 'token of 513', body: { exchange_token: 'x'.repeat(513) } },
      { name: 'token with a NUL byte', body: { exchange_token: 'abc\u0000def' } },
    ],
  },
  {
    method: 'PATCH',
    path: '/api/auth/update-username',
    bearer: true,
    valid: () => ({ username: `picked_${unique()}` }),
    rules: () => [
      { name: 'too short', body: { username: 'ab' } },
      { name: '50 characters', body: { username: 'u'.repeat(50) } },
      { name: '100 characters', body: { username: 'u'.repeat(100) } },
      { name: 'with spaces', body: { username: 'two words' } },
      { name: 'with a NUL byte', body: { username: `nul\u0000${unique()}` } },
      { name: 'with emoji', body: { username: 'smile_\u{1f600}' } },
      { name: 'right-to-left override', body: { username: 'abc\u202edef' } },
      { name: 'zero-width space', body: { username: 'abc\u200bdef' } },
      { name: 'the seeded username', body: { username: s.seed.username } },
      { name: 'SQL-ish', body: { username: "x'; DROP TABLE users;--" } },
      { name: 'Mongo operator', body: { username: { $ne: null } } },
    ],
  },
  {
    method: 'POST',
    path: '/api/auth/email-verification/confirm',
    bearer: 'seed',
    valid: () => ({ code: '123456' }),
    rules: () => [
      { name: 'code of letters', body: { code: 'abcdef' } },
      { name: 'code of 5 digits', body: { code: '12345' } },
      { name: 'code of 16 digits', body: { code: '1'.repeat(16) } },
      { name: 'code never requested', body: { code: '123456' } },
      { name: 'Mongo operator', body: { code: { $ne: null } } },
    ],
  },
];

/** Routes without body fields: only malformed bodies are refused (a well-formed body is ignored). */
const NO_FIELDS = [
  { method: 'POST', path: '/api/auth/refresh-cookie' },
  { method: 'POST', path: '/api/auth/logout' },
  { method: 'POST', path: '/api/csrf/refresh-csrf-token' },
  { method: 'POST', path: '/api/auth/email-verification', bearer: 'seed' as const },
];

async function run(route: { method: string; path: string; bearer?: boolean | 'seed' }, cases: BodyCase[]) {
  const headers: Record<string, string> =
    route.bearer === 'seed'
      ? s.seed.bearer
      : route.bearer
        ? { authorization: `Bearer ${s.seed.oidcToken}` }
        : {};
  for (const c of cases) {
    const req = bodyRequest(route.method, route.path, c);
    const res = await s.http.send({ ...req, headers: { ...headers, ...req.headers } });
    expectSpecError(res, `${route.method} ${route.path} with ${c.name}`, c.want);
  }
}

describe.each(ROUTES)('$method $path', (route) => {
  it('refuses malformed, oversized and non-JSON bodies', () => run(route, malformedBodies(route.valid())));
  it('refuses JSON of the wrong shape', () => run(route, wrongShapes(route.valid())));
  it('refuses wrong values of each field', () => run(route, fieldCases(route.valid)));
  it("refuses what identity's account rules refuse", () => run(route, route.rules?.() ?? []));
});

describe.each(NO_FIELDS)('$method $path', (route) => {
  it('refuses malformed, oversized and non-JSON bodies', () => run(route, malformedBodies({ a: 1 })));
});

it('still serves every process and keeps the seeded data', async () => {
  // signs the seeded user in with its password: no rejected registration or reset touched it
  await expectSurvived(s);
  const attempted = await s.http.post('/api/auth/login', { email: s.seed.email, password: PASSWORD });
  expectSpecError(attempted, 'the password the reset attempts named', { status: 401 });
});
