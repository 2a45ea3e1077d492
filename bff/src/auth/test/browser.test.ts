/**
 * The HTTP tests' browser itself (browser.ts, cookie-jar.mjs), against a small scripted server: the
 * cookie jar (deletions, the session id that voids the CSRF token), the headers a page sends with
 * each method, and the sign-up helper. The BFF behind it is exercised by every test that uses it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, registerUser } from './browser.js';
import { CookieJar } from './cookie-jar.mjs';

describe('CookieJar', () => {
  it('keeps name=value pairs, deletes on Max-Age=0 or an empty value, and says when the session id changed', () => {
    const jar = new CookieJar();
    expect(jar.absorb(['tessera_rt=abc; Path=/; HttpOnly', 'theme = dark ; Path=/'])).toBe(false);
    expect(jar.header()).toBe('tessera_rt=abc; theme=dark');
    expect(jar.absorb(['__Host-tessera_sid=s1; Path=/; Secure'])).toBe(true);
    expect(jar.absorb(['tessera_rt=; Path=/', 'theme=dark; Max-Age=0', 'not a cookie'])).toBe(false);
    expect([...jar]).toEqual([['__Host-tessera_sid', 's1']]);
    expect(jar.absorb(['__Host-tessera_sid=; Max-Age=0'])).toBe(true);
    expect(jar.header()).toBe('');
  });
});

/** What the scripted server saw of each request. */
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let base = '';
let server: http.Server;
let csrfServed = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const json = (status: number, value: unknown, cookies: string[] = []) =>
        res
          .writeHead(status, { 'content-type': 'application/json', 'set-cookie': cookies })
          .end(JSON.stringify(value));
      if (req.url === '/api/csrf/csrf-token')
        return json(200, { data: { csrfToken: `csrf-${++csrfServed}` } }, ['tessera_oidc=x; Path=/']);
      if (req.url === '/api/auth/register') {
        const account = JSON.parse(body) as { username: string };
        if (account.username === 'taken') return json(409, { success: false, error: 'CONFLICT' });
        return json(201, { access_token: 'at', user: { id: 'u1', ...account } }, ['tessera_sid=new; Path=/']);
      }
      return json(200, { ok: true });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Browser', () => {
  it("sends a page's headers: Origin and Sec-Fetch-Site, cookies, and a CSRF token on mutations only", async () => {
    const b = new Browser(base);
    b.cookies.set('a', '1');
    expect(await b.headersFor('GET')).toEqual({
      origin: base,
      'sec-fetch-site': 'same-origin',
      cookie: 'a=1',
    });
    expect(await b.headersFor('OPTIONS')).not.toHaveProperty('x-csrf-token');
    const post = await b.headersFor('POST');
    expect(post['x-csrf-token']).toMatch(/^csrf-\d+$/);
    expect(post.cookie).toBe('a=1; tessera_oidc=x'); // the token fetch's cookie is kept
    expect((await b.headersFor('DELETE'))['x-csrf-token']).toBe(post['x-csrf-token']); // fetched once
    const other = new Browser(base, { origin: 'https://evil.example' });
    expect(await other.headersFor('GET')).toMatchObject({ 'sec-fetch-site': 'cross-site' });
  });

  it("lets a request's own headers win over the page's, but not over its CSRF token and cookies", async () => {
    const b = new Browser(base);
    await b.request('POST', '/echo', {
      body: { x: 1 },
      headers: { origin: 'https://other.example', 'x-csrf-token': 'forged', cookie: 'forged=1' },
      bearer: 't',
    });
    const got = seen.at(-1)!.headers;
    expect(got.origin).toBe('https://other.example');
    expect(got['x-csrf-token']).toBe(b.csrfToken);
    expect(got.cookie).toBe('tessera_oidc=x');
    expect(got.authorization).toBe('Bearer t');
    expect(got['content-type']).toBe('application/json');
  });

  it('signs a user up, holds the new session and needs a new CSRF token for it', async () => {
    const b = new Browser(base);
    const account = { username: 'ada_1', email: 'ada_1@example.com', password: 'Sturdy-Passw0rd!' };
    const { user, token, res } = await registerUser(b, account);
    expect(res.status).toBe(201);
    expect(user).toEqual({ ...account, id: 'u1' });
    expect(token).toBe('at');
    expect(JSON.parse(seen.at(-1)!.body)).toEqual(account);
    expect(b.cookies.get('tessera_sid')).toBe('new');
    expect(b.csrfToken).toBeUndefined(); // bound to the session before
    await expect(registerUser(b, { ...account, username: 'taken' })).rejects.toThrow(
      /sign-up of taken answered 409/,
    );
  });
});
