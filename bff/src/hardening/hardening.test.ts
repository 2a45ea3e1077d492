/**
 * Web hardening over a real BFF on port 0: the Content-Security-Policy and frame-ancestors on pages
 * and API answers, HSTS only over https, source maps never served, and X-Forwarded-* believed only
 * from a trusted proxy (TRUST_PROXY), so a client cannot pick the address its rate limits count on.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBff, type RunningBff } from '../auth/test/app.js';
import { Browser } from '../auth/test/browser.js';
import { fakeWebDist } from '../test/web-dist.js';
import { clientAddress, parseTrustProxy } from './trust-proxy.js';
import { contentSecurityPolicy } from './security-headers.js';

let dist = '';
let web: ReturnType<typeof fakeWebDist>;
const running: RunningBff[] = [];

beforeAll(() => {
  // a map and a stray file left in the folder by mistake: on disk, but not in the build's list
  web = fakeWebDist(
    {
      'assets/app-abc123.js.map': '{"version":3,"sources":["secret.ts"]}',
      'assets/notes.txt': 'not built',
    },
    { unlisted: ['assets/app-abc123.js.map', 'assets/notes.txt'] },
  );
  dist = web.dir;
});

afterAll(async () => {
  await Promise.all(running.map((r) => r.close()));
  web.cleanup();
});

async function bff(env: Record<string, string> = {}): Promise<RunningBff> {
  const r = await startBff({}, { env: { WEB_DIST: dist, ...env } });
  running.push(r);
  return r;
}

/** GET of `rawPath` sent byte for byte (fetch's URL parser would resolve `.`, `..` and `%2e` first). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.get({ hostname, port, path: rawPath }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
  });
}

function directives(csp: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

describe('security headers', () => {
  it('sends a CSP without inline scripts and frame-ancestors none on pages, assets and API answers', async () => {
    const { base } = await bff();
    for (const p of ['/', '/canvas/art/3', '/assets/app-abc123.js', '/api/nope']) {
      const res = await fetch(`${base}${p}`);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('frame-ancestors'), p).toEqual(["'none'"]);
      expect(csp.get('script-src'), p).toEqual(["'self'", 'https://js.stripe.com']);
      expect(csp.get('object-src'), p).toEqual(["'none'"]);
      expect(csp.get('frame-src'), p).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
      expect(csp.get('connect-src'), p).toContain('https://api.stripe.com');
      for (const values of csp.values()) {
        expect(values, p).not.toContain("'unsafe-inline'");
        expect(values, p).not.toContain("'unsafe-eval'");
      }
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('strict-transport-security'), 'no HSTS over plain http').toBeNull();
    }
  });

  it('sends HSTS when PUBLIC_URL is https, and from a trusted proxy that says https', async () => {
    const byPublicUrl = await bff({ PUBLIC_URL: 'https://tessera.example' });
    const res = await fetch(`${byPublicUrl.base}/`);
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    expect(directives(res.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(
      true,
    );

    const proxied = await bff({ TRUST_PROXY: '1' });
    const viaProxy = await fetch(`${proxied.base}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers.get('strict-transport-security')).not.toBeNull();

    // without a trusted proxy the header is the caller's text: no HSTS (and no Secure cookies) from it
    const direct = await bff();
    const claimed = await fetch(`${direct.base}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();
  });

  it('never serves source maps; the bundles stay served', async () => {
    const { base } = await bff();
    expect((await fetch(`${base}/assets/app-abc123.js`)).status).toBe(200);
    const map = await fetch(`${base}/assets/app-abc123.js.map`);
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('secret.ts');
    expect((await fetch(`${base}/assets/APP-ABC123.JS.MAP`)).status).toBe(404);
  });

  it('answers 404 to every spelling of a source map path, and to files the build did not list', async () => {
    const { base } = await bff();
    const spellings = [
      '/assets/app-abc123.js%2emap',
      '/assets/app-abc123.js%2Emap',
      '/assets/app-abc123.js.ma%70',
      '/assets/app-abc123.js.%6D%61%70',
      '/assets/app-abc123.js%252emap',
      '/assets/app-abc123.js%25252emap',
      '/assets/x/..%2fapp-abc123.js.map',
      '/assets/x/..%2Fapp-abc123.js%2emap',
      '/assets/x/%2e%2e/app-abc123.js.map',
      '/assets//app-abc123.js.map',
      '/assets/./app-abc123.js.map',
      '/assets/app-abc123.js.map%00',
      '/assets/app-abc123.js.map%',
      '/assets%2fapp-abc123.js.map',
      '/assets/notes.txt',
      '/assets/x/..%2fnotes.txt',
      '/files.json',
      '/%2e%2e/%2e%2e/package.json',
    ];
    for (const p of spellings) {
      const { status, text } = await rawGet(base, p);
      expect(status, p).toBe(404);
      expect(JSON.parse(text), p).toMatchObject({ success: false, error: 'NOT_FOUND', statusCode: 404 });
      expect(text, p).not.toContain('secret.ts');
      expect(text, p).not.toContain('not built');
    }
  });

  it('serves a listed file by any spelling of its own name, keeps the app routes, and the API 404', async () => {
    const { base } = await bff();
    for (const p of ['/assets/app-abc123.js', '/assets/app-abc123%2ejs', '/assets/x/..%2fapp-abc123.js']) {
      expect(await rawGet(base, p), p).toEqual({ status: 200, text: 'console.log(1)' });
    }
    const page = await fetch(`${base}/canvas/art/12`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await fetch(`${base}/api/nope`);
    expect(api.status).toBe(404);
    expect(((await api.json()) as { error: string }).error).toBe('NOT_FOUND');
  });

  it('builds the same policy string each time (https adds upgrade-insecure-requests only)', () => {
    expect(contentSecurityPolicy(true)).toBe(`${contentSecurityPolicy(false)}; upgrade-insecure-requests`);
  });
});

describe('client addresses and TRUST_PROXY', () => {
  it('ignores X-Forwarded-For without a trusted proxy', () => {
    const none = parseTrustProxy(undefined);
    expect(clientAddress(none, '203.0.113.9', '1.1.1.1, 2.2.2.2')).toBe('203.0.113.9');
    expect(clientAddress(parseTrustProxy('false'), '::ffff:203.0.113.9', '1.1.1.1')).toBe('203.0.113.9');
  });

  it('takes the entry the outermost trusted hop added', () => {
    expect(clientAddress(parseTrustProxy('1'), '10.0.0.2', 'forged, 198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddress(parseTrustProxy('2'), '10.0.0.2', 'forged, 198.51.100.7, 10.0.0.3')).toBe(
      '198.51.100.7',
    );
    expect(clientAddress(parseTrustProxy('1'), '10.0.0.2', '')).toBe('10.0.0.2');
  });

  it('with a list, reads the header only from a listed peer and skips listed hops', () => {
    const list = parseTrustProxy('10.0.0.0/8, 192.168.1.1');
    expect(clientAddress(list, '10.1.2.3', 'forged, 198.51.100.7, 192.168.1.1')).toBe('198.51.100.7');
    expect(clientAddress(list, '203.0.113.9', '198.51.100.7')).toBe('203.0.113.9');
    expect(clientAddress(list, '10.1.2.3', 'garbage')).toBe('10.1.2.3');
  });

  it('refuses a wrong TRUST_PROXY naming the variable', () => {
    expect(() => parseTrustProxy('11')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('proxy.local')).toThrow(/TRUST_PROXY/);
  });

  it('counts the sign-in limit of a direct client on its socket address, whatever X-Forwarded-For says', async () => {
    const ipKeysSeen = async (env: Record<string, string>): Promise<string[]> => {
      const { base, deps } = await bff(env);
      const seen: string[] = [];
      const incr = deps.kv.incr.bind(deps.kv);
      deps.kv.incr = (key, opts) => {
        if (key.startsWith('bff:rl:login:ip:')) seen.push(key);
        return incr(key, opts);
      };
      for (let i = 0; i < 3; i++) {
        const b = new Browser(base);
        b.extraHeaders['x-forwarded-for'] = `203.0.113.${i}`;
        await b.request('POST', '/api/auth/login', { body: { email: `a${i}@example.com`, password: 'x' } });
      }
      return seen;
    };
    // without TRUST_PROXY the forged headers all count on 127.0.0.1
    const direct = await ipKeysSeen({});
    expect(direct.length).toBe(3);
    expect(new Set(direct).size).toBe(1);
    // behind a trusted proxy each forwarded address has its own counter
    const proxied = await ipKeysSeen({ TRUST_PROXY: '1' });
    expect(new Set(proxied).size).toBe(3);
  });
});
