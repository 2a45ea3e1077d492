import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, metricsRegistry, PEERS, type PeerName, type RpcServer } from '@tessera/kit';
import { startTestRpcServer } from '@tessera/kit/testing';
import { testDeps } from './test/deps.js';
import { listen, type Listening } from './test/listen.js';
import { fakeWebDist } from './test/web-dist.js';
import { createApp } from './app.js';

const logger = createLogger('bff-test', { level: 'silent' });
let servers: RpcServer[] = [];
let http1: Listening;
let base = '';
let dist = '';
let web: ReturnType<typeof fakeWebDist>;

beforeAll(async () => {
  servers = await Promise.all(
    PEERS.map(() => startTestRpcServer({ name: 'peer', logger, routes: () => {} })),
  );
  const urls = Object.fromEntries(PEERS.map((p, i) => [p, servers[i]!.url])) as Record<PeerName, string>;
  // a built asset with the forms the web build writes beside it (web/vite.config.ts, precompress)
  const big = Buffer.from(`export const text = ${JSON.stringify('tessera '.repeat(500))};`);
  web = fakeWebDist({
    'assets/big-def456.js': big,
    'assets/big-def456.js.br': zlib.brotliCompressSync(big),
    'assets/big-def456.js.gz': zlib.gzipSync(big),
  });
  dist = web.dir;
  const app = createApp(testDeps(urls, { env: { WEB_DIST: dist } }));
  http1 = await listen(app);
  base = http1.base;
});

afterAll(async () => {
  await http1.close();
  await Promise.all(servers.map((s) => s.close()));
  web.cleanup();
});

function expectErrorBody(body: Record<string, unknown>, status: number, code: string) {
  expect(body).toMatchObject({ success: false, statusCode: status, error: code });
  expect(typeof body.message).toBe('string');
  expect(body).toHaveProperty('field');
  expect(Number.isNaN(Date.parse(String(body.timestamp)))).toBe(false);
}

describe('BFF foundation', () => {
  it('reports every service SERVING on GET /api/health', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { services: Record<string, string>; status: string };
    expect(body.status).toBe('ok');
    expect(Object.keys(body.services).sort()).toEqual([...PEERS].sort());
    expect(Object.values(body.services).every((s) => s === 'SERVING')).toBe(true);
  });

  it('answers unknown API routes with the spec error body', async () => {
    const res = await fetch(`${base}/api/nope`);
    expect(res.status).toBe(404);
    expectErrorBody((await res.json()) as Record<string, unknown>, 404, 'NOT_FOUND');
  });

  it('rejects malformed, oversized and non-JSON bodies with 4xx and the error body', async () => {
    const bad = await fetch(`${base}/api/anything`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(bad.status).toBe(400);
    expectErrorBody((await bad.json()) as Record<string, unknown>, 400, 'BAD_REQUEST');
    const text = await fetch(`${base}/api/anything`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect(text.status).toBe(415);
    const big = await fetch(`${base}/api/anything`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ x: 'y'.repeat(1_100_000) }),
    });
    expect(big.status).toBe(413);
    expectErrorBody((await big.json()) as Record<string, unknown>, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('serves the SPA with fallback for client routes and immutable assets', async () => {
    for (const p of ['/', '/canvas', '/canvas/art/12?highlight=3-4', '/about']) {
      const res = await fetch(`${base}${p}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<div id="root">');
    }
    const asset = await fetch(`${base}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    const index = await fetch(`${base}/canvas`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the prebuilt brotli or gzip form of an asset as the browser accepts, else the plain file', async () => {
    const raw = fs.readFileSync(path.join(dist, 'assets', 'big-def456.js'));
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const res = await fetch(`${base}/assets/big-def456.js`, { headers: { 'Accept-Encoding': accept } });
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('content-type'), accept).toContain('javascript');
      expect(res.headers.get('cache-control'), accept).toContain('immutable');
      expect(Buffer.from(await res.arrayBuffer()).equals(raw), accept).toBe(true); // fetch decodes it
    }
  });

  it('compresses JSON answers of 1 KiB or more as negotiated, and leaves small ones alone', async () => {
    const big = { success: true, data: Array.from({ length: 200 }, (_, i) => ({ i, name: `item ${i}` })) };
    const app = createApp(testDeps({}, { env: { WEB_DIST: dist } }), [
      (router) => {
        router.get('/api/big', (ctx) => void (ctx.body = big));
        router.get('/api/small', (ctx) => void (ctx.body = { success: true }));
      },
    ]);
    const server = await listen(app);
    const at = server.base;
    try {
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip;q=1, br;q=0', 'gzip'],
        ['identity', null],
      ] as const) {
        const res = await fetch(`${at}/api/big`, { headers: { 'Accept-Encoding': accept } });
        expect(res.headers.get('content-encoding'), accept).toBe(encoding);
        expect(res.headers.get('content-type'), accept).toContain('application/json');
        expect(await res.json(), accept).toEqual(big);
      }
      const small = await fetch(`${at}/api/small`, { headers: { 'Accept-Encoding': 'br' } });
      expect(small.headers.get('content-encoding')).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('names every middleware of the app, in order (profiles and stack traces show the name)', () => {
    const app = createApp(testDeps({}, { env: { WEB_DIST: dist } }));
    // The router's dispatch is recognised by its `router` property: its spans are named by route path.
    const names = app.middleware.map((m) => ('router' in m ? '(router)' : m.name));
    expect(names).toEqual([
      'requestTelemetry',
      'requestMetrics',
      'trustedProxyHeaders',
      'securityHeadersMiddleware',
      'cachedReads',
      'compressResponses',
      'errorMiddleware',
      'jsonBody',
      '(router)',
      'allowedMethods',
      'apiNotFound',
      'webApp',
    ]);
  });

  it('never answers a metrics-like path with the web app (a scrape would take the HTML for success)', async () => {
    const paths = ['/metrics', '/metrics/', '/METRICS', '/api/metrics', '/prometheus', '/federate'];
    for (const p of [...paths, '/actuator/prometheus', '/metrics.json', '/stats']) {
      const res = await fetch(`${base}${p}`);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toMatch(/^application\/json/);
      expectErrorBody((await res.json()) as Record<string, unknown>, 404, 'NOT_FOUND');
    }
    // client routes still get the app
    expect((await fetch(`${base}/metricsboard`)).headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('counts each request by method, route template and status, never the raw path', async () => {
    await fetch(`${base}/healthz`);
    await fetch(`${base}/api/no/such/route/42`);
    await fetch(`${base}/canvas/art/12`);
    const text = await metricsRegistry.getSingleMetricAsString('tessera_http_request_duration_seconds');
    const counts = text
      .split('\n')
      .filter((l) => l.startsWith('tessera_http_request_duration_seconds_count{'));
    const label = (l: string, k: string) => new RegExp(`${k}="([^"]*)"`).exec(l)?.[1];
    const routes = new Set(
      counts.map((l) => `${label(l, 'method')} ${label(l, 'route')} ${label(l, 'status')}`),
    );
    expect(routes).toContain('GET /healthz 200');
    expect(routes).toContain('GET unmatched 404');
    expect(routes).toContain('GET web 200');
    expect([...routes].some((r) => r.includes('42') || r.includes('/canvas/art'))).toBe(false);
  });

  it('serves liveness and readiness probes', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  it('reports degraded with 503 when a service is down', async () => {
    await servers[2]!.close();
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(503);
    const body = (await res.json()) as { services: Record<string, string> };
    expect(body.services[PEERS[2]!]).not.toBe('SERVING');
  });
});
