/**
 * Request-level junk on every /api route of the BFF (wired to the real services): overlong query
 * strings, paths and headers (past Node's 16 KiB limit too), traversal and broken percent-encoding,
 * junk in the headers a proxy or browser sends, HEAD, and unknown routes under every prefix. A
 * route either answers as it would without the junk, or refuses with a 4xx and the spec's error
 * body. Afterwards every process answers and the seeded data is intact.
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forSuite } from '@tessera/kit/testing';
import { createApp, createHttpServer } from '../../bff/src/app.js';
import { send, type Got, type Req } from '../../testing/raw-http.js';
import { expectSpecError } from './spec-error.js';
import { expectSurvived, SEED_BOARD, startBadInputStack } from './stack.js';

const s = forSuite(startBadInputStack);
/** A second BFF on the same dependencies, behind the production HTTP server (bff/src/main.ts). */
let server: http.Server;
let prodBase: string;
beforeAll(async () => {
  server = createHttpServer(createApp(s.bff.deps)).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  prodBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise<void>((r) => {
    server?.close(() => r());
    server?.closeAllConnections();
  });
  await s?.close();
});

interface Route {
  method: string;
  /** `{c}` stands for the active canvas. */
  path: string;
  body?: unknown;
  stream?: boolean;
}

/** Every /api route of bff/src/routes/*.ts. */
const ROUTES: Route[] = [
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/csrf/csrf-token' },
  { method: 'GET', path: '/api/csrf/csrf-token-secure' },
  { method: 'POST', path: '/api/csrf/refresh-csrf-token', body: {} },
  // bodies refused by the BFF or identity the same way every time (no throttling counts them)
  { method: 'POST', path: '/api/auth/login', body: { email: 'nobody@example.com' } },
  { method: 'POST', path: '/api/auth/register', body: { username: 'ab', email: 'x', password: 'x' } },
  { method: 'POST', path: '/api/auth/refresh-cookie', body: {} },
  { method: 'POST', path: '/api/auth/logout', body: {} },
  { method: 'GET', path: '/api/auth/me' },
  { method: 'PATCH', path: '/api/auth/update-username', body: { username: 'x' } },
  { method: 'POST', path: '/api/auth/reset-password-email', body: { email: 'not-an-email' } },
  {
    method: 'POST',
    path: '/api/auth/reset-password-logic',
    body: { email: 'x', otp: 'x', newPassword: 'x' },
  },
  { method: 'POST', path: '/api/auth/oauth/exchange', body: { exchange_token: 'x' } },
  { method: 'GET', path: '/api/auth/providers' },
  { method: 'GET', path: '/api/auth/google' },
  { method: 'GET', path: '/api/auth/google/callback?code=x&state=y' },
  { method: 'GET', path: '/api/canvases/active' },
  { method: 'GET', path: `/api/pixels/canvas/{c}/board/${SEED_BOARD}` },
  { method: 'GET', path: '/api/pixels/available/random?canvas_index={c}' },
  { method: 'GET', path: '/api/canvas-composite/canvas/{c}/render?format=webp&scale=1' },
  { method: 'GET', path: '/api/events', stream: true },
  { method: 'GET', path: '/api/artist-selection/submissions?sort=hot&page=1&limit=10' },
  { method: 'POST', path: '/api/artist-selection/submissions', body: { title: 'x' } },
  { method: 'DELETE', path: '/api/artist-selection/submissions/none' },
  { method: 'POST', path: '/api/artist-selection/submissions/none/vote', body: { voteType: 1 } },
  { method: 'POST', path: '/api/artist-selection/upload-url', body: {} },
  { method: 'POST', path: '/api/artist-selection/uploads', body: {} },
  { method: 'GET', path: '/api/artist-selection/images/img-AAAAAAAAAAAAAAAAAAAAAAAA.png' },
];

const pathOf = (r: Route) => r.path.replace('{c}', String(s.canvasIndex));
const call = (r: Route, over: Partial<Req> = {}) =>
  s.http.send({ method: r.method, path: pathOf(r), body: r.body, stream: r.stream, ...over });

/** Answered as a route should: a success or redirect, or a 4xx with the spec's error body. */
function expectAnswered(res: Got, what: string, baseline?: number) {
  if (res.status >= 400) expectSpecError(res, what);
  else expect(res.status, `${what} -> ${res.status}`).toBeLessThan(400);
  if (baseline !== undefined) expect(res.status, what).toBe(baseline);
}

const withQuery = (path: string, q: string) => `${path}${path.includes('?') ? '&' : '?'}${q}`;

/** Headers that must not change the answer. */
const NEUTRAL_HEADERS: [string, Record<string, string>][] = [
  ['X-Forwarded-For junk', { 'x-forwarded-for': ' ,, not-an-ip ,\u00ff, 999.999.999.999' }],
  ['X-Forwarded-For 8 kB', { 'x-forwarded-for': '10.0.0.1, '.repeat(800) }],
  ['Accept junk', { accept: '*/*;q=abc, text/;;' }],
  ['Accept-Encoding junk', { 'accept-encoding': 'gzip;q=x, br;q=-1, zzz' }],
  ['If-None-Match 8 kB', { 'if-none-match': `W/"${'e'.repeat(8000)}"` }],
  ['Range junk', { range: 'bytes=zz-yy' }],
  ['User-Agent 8 kB', { 'user-agent': 'u'.repeat(8000) }],
  ['Content-Language junk', { 'content-language': '\u00ff\u00fe' }],
];

/** Proxy headers the app trusts: they may turn a mutation into a CSRF refusal, never into a 5xx. */
const PROXY_HEADERS: [string, Record<string, string>][] = [
  ['X-Forwarded-Proto gopher', { 'x-forwarded-proto': 'gopher' }],
  ['X-Forwarded-Proto list', { 'x-forwarded-proto': 'https, http, %00' }],
  ['X-Forwarded-Host junk', { 'x-forwarded-host': ':::, a b' }],
  ['X-Forwarded-Host port 99999', { 'x-forwarded-host': 'localhost:99999' }],
  ['empty Host', { host: '' }],
];

describe.each(ROUTES.map((r) => ({ ...r, name: `${r.method} ${r.path.split('?')[0]}` })))(
  '$name',
  (route) => {
    it('answers overlong, traversing and junk requests without a 5xx', async () => {
      const name = `${route.method} ${pathOf(route)}`;
      const baseline = (await call(route)).status;
      expectAnswered(
        await call(route, { path: withQuery(pathOf(route), `pad=${'p'.repeat(12_000)}`) }),
        `${name} + 12 kB query`,
        baseline,
      );
      expectAnswered(
        await call(route, { path: withQuery(pathOf(route), 'x=%zz&x=%00&x[]=1&=&&') }),
        `${name} + junk query`,
        baseline,
      );
      for (const [what, headers] of NEUTRAL_HEADERS) {
        expectAnswered(await call(route, { headers }), `${name} with ${what}`, baseline);
      }
      for (const [what, headers] of PROXY_HEADERS)
        expectAnswered(await call(route, { headers }), `${name} with ${what}`);
      if (route.method === 'GET' && !route.stream) {
        const head = await call(route, { method: 'HEAD' });
        expect(head.status, `HEAD ${name}`).toBe(baseline);
      }

      const bare = pathOf(route).split('?')[0]!;
      const notFound = [
        `${bare}/${'x'.repeat(12_000)}`,
        `${bare}/../../../../etc/passwd`,
        `${bare}/..%2f..%2f..%2f..%2fetc%2fpasswd`,
        `${bare}%zz`,
        `${bare}%00`,
        `${bare}/%2e%2e/%2e%2e/package.json`,
      ];
      for (const path of notFound) {
        // 404, or 400 where the junk lands in a path parameter
        expectSpecError(await call(route, { path }), `${route.method} ${path.slice(0, 100)}`);
      }
    });

    it('refuses a URL or headers over the 16 KiB limit with the error body', async () => {
      const long = await send(prodBase, {
        method: route.method,
        path: withQuery(pathOf(route), `pad=${'p'.repeat(20_000)}`),
      });
      expectSpecError(long, `${route.method} with a 20 kB URL`, { status: 431 });
      const cookie = await send(prodBase, {
        method: route.method,
        path: pathOf(route),
        headers: { cookie: `c=${'c'.repeat(20_000)}` },
      });
      expectSpecError(cookie, `${route.method} with a 20 kB cookie`, { status: 431 });
    });
  },
);

describe('unknown /api routes', () => {
  it('answer 404 with a short error body', async () => {
    const paths = [
      '/api',
      '/api/',
      '/api/nope',
      '/api/auth',
      '/api/auth/nope',
      '/api/csrf',
      '/api/pixels',
      '/api/pixels/canvas/1',
      '/api/canvas-composite/canvas/1',
      '/api/%00',
      '/api/%zz',
      '/api/../etc/passwd',
      '/api/%2e%2e/%2e%2e/etc/passwd',
      '/api/..%5c..%5cwindows%5cwin.ini',
      `/api/${'a/'.repeat(4000)}`,
    ];
    for (const path of paths) {
      for (const method of ['GET', 'POST', 'DELETE', 'PROPFIND']) {
        expectSpecError(await s.http.send({ method, path }), `${method} ${path.slice(0, 60)}`, {
          status: 404,
        });
      }
    }
  });

  it('never serve files from outside the web app', async () => {
    for (const path of [
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2f..%2fpackage.json',
      '/assets/..%2f..%2f..%2fpackage.json',
    ]) {
      const res = await send(s.base, { path });
      expect(res.status, path).toBeLessThan(500);
      if (res.status >= 400) expectSpecError(res, path);
      expect(res.text, path).not.toMatch(/root:|"workspaces"/);
    }
  });
});

describe('malformed HTTP', () => {
  it('gets the error body from the production server', async () => {
    const net = await import('node:net');
    const url = new URL(prodBase);
    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(url.port), url.hostname);
        let out = '';
        socket.setTimeout(5000, () => reject(new Error('no answer to malformed HTTP')));
        socket.on('data', (d) => (out += d.toString('latin1')));
        socket.on('close', () => resolve(out));
        socket.on('error', reject);
        socket.end(text);
      });
    for (const text of [
      'GARBAGE\r\n\r\n',
      'GET /api/health HTTP/9.9\r\n\r\n',
      'GET /api/health HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n',
      'GET /api/he\u0000alth HTTP/1.1\r\nHost: a\r\n\r\n',
      'POST /api/auth/login HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
    ]) {
      const answer = await raw(text);
      const [head, body = ''] = answer.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head ?? '')?.[1]);
      const type = /\r\ncontent-type: ([^\r]*)/i.exec(head ?? '')?.[1];
      expectSpecError(
        { status, headers: { 'content-type': type }, text: body, json: JSON.parse(body) as unknown },
        JSON.stringify(text),
        { status: 400 },
      );
    }
  });
});

it('still serves every process and keeps the seeded data', async () => {
  await expectSurvived(s);
});
