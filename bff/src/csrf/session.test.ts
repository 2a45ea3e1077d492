/**
 * The CSRF check for each state-changing method (POST, PUT, PATCH, DELETE): the signed token must be
 * the one issued for this browser's session id (a sign-in or sign-out starts a new one, killing the
 * tokens of the old), and a browser's Origin / Sec-Fetch-Site must say the call came from our pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Router from '@koa/router';
import { startBff, type RunningBff } from '../auth/test/app.js';
import { Browser, type BrowserResponse } from '../auth/test/browser.js';
import { PASSWORD, startIdentityDouble, type IdentityDouble } from '../auth/test/identity-double.js';

const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

let identity: IdentityDouble;
let bff: RunningBff;
let reached = 0;

/** A module registered after the auth modules, with a route for every unsafe method. */
const echoModule = (router: Router) => {
  for (const method of METHODS) {
    router[method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete']('/api/test/thing', (ctx) => {
      reached++;
      ctx.body = { success: true, method: ctx.method };
    });
  }
};

beforeAll(async () => {
  identity = await startIdentityDouble();
  bff = await startBff({ identity: identity.url }, { extraModules: [echoModule] });
});

afterAll(async () => {
  await bff?.close();
  await identity?.close();
});

function refused(res: BrowserResponse) {
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject({ success: false, error: 'CSRF_INVALID' });
}

async function call(
  b: Browser,
  method: string,
  opts: { csrf?: boolean; headers?: Record<string, string> } = {},
) {
  return b.request(method, '/api/test/thing', { body: method === 'DELETE' ? undefined : {}, ...opts });
}

describe('CSRF on every state-changing method', () => {
  for (const method of METHODS) {
    it(`${method}: needs this session's token and a same-origin browser`, async () => {
      const before = reached;
      const b = new Browser(bff.base);
      refused(await call(b, method, { csrf: false }));
      const own = await b.fetchCsrf();

      const other = new Browser(bff.base);
      const foreign = await other.fetchCsrf();
      b.csrfToken = foreign; // a genuine token, but for another browser's session
      refused(await call(b, method));
      b.csrfToken = `${own.split('.')[0]}.${'A'.repeat(43)}`; // our expiry, a made-up signature
      refused(await call(b, method));
      b.csrfToken = own;

      refused(await call(b, method, { headers: { 'sec-fetch-site': 'cross-site' } }));
      refused(
        await call(b, method, { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'same-site' } }),
      );
      expect(reached).toBe(before);

      const ok = await call(b, method);
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ success: true, method });
      expect(reached).toBe(before + 1);
    });
  }

  it('binds tokens to the session: signing in or out voids the tokens issued before', async () => {
    const b = new Browser(bff.base);
    const beforeSignIn = await b.fetchCsrf();
    const login = await b.request('POST', '/api/auth/login', {
      body: { email: 'ada@example.com', password: PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.setCookies.some((c) => c.startsWith('tessera_sid='))).toBe(true);
    const bearer = String(login.body.access_token);

    b.csrfToken = beforeSignIn;
    for (const method of METHODS) refused(await call(b, method));
    // the real PATCH route too, even with a valid bearer token
    refused(await b.request('PATCH', '/api/auth/update-username', { body: { username: 'grace' }, bearer }));

    const signedIn = await b.fetchCsrf();
    expect(signedIn).not.toBe(beforeSignIn);
    for (const method of METHODS) expect((await call(b, method)).status).toBe(200);

    expect((await b.request('POST', '/api/auth/logout', { body: {} })).status).toBe(200);
    b.csrfToken = signedIn;
    refused(await call(b, 'DELETE'));
    await b.fetchCsrf();
    expect((await call(b, 'DELETE')).status).toBe(200);
  });
});
