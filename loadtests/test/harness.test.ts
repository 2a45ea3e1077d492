// The autocannon harness against a local HTTP server, for one second at a time, plus the loopback
// guard and the health benchmark script end to end.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, assertLoopback, formatTable, runScenario } from '../lib/harness.mjs';
import { listenLocal, runScript, type LocalServer } from './processes.js';

const BENCH = fileURLToPath(new URL('../health.bench.mjs', import.meta.url));
let local: LocalServer;
let base: string;
const seen: string[] = [];

beforeAll(async () => {
  local = await listenLocal((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const failing = req.url?.startsWith('/fail') ?? false;
    res.writeHead(failing ? 503 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: !failing }));
  });
  base = local.base;
});

afterAll(() => local.close());

const runBench = (env: Record<string, string>) => runScript(BENCH, [], env, 20_000);

describe('assertLoopback', () => {
  it.each(['http://127.0.0.1:8080', 'http://localhost:8080/x', 'https://localhost', 'http://[::1]:8080'])(
    'accepts %s',
    (u) => {
      expect(assertLoopback(u).toString()).toContain(u.replace(/\/x$/, ''));
    },
  );

  it.each([
    'http://example.com',
    'http://10.0.0.5:8080',
    'http://127.0.0.2:8080',
    'http://0.0.0.0:8080',
    'http://localhost.example.com',
    'ftp://127.0.0.1',
    'http://user:pw@127.0.0.1:8080',
    'not a url',
  ])('refuses %s', (u) => {
    expect(() => assertLoopback(u)).toThrow();
  });
});

describe('runScenario', () => {
  it('measures requests/s and latency against a loopback server', async () => {
    const r = await runScenario({
      name: 'ok',
      baseUrl: base,
      path: '/api/health',
      connections: 2,
      durationSeconds: 1,
    });
    expect(r.ok).toBe(true);
    expect(r.requests).toBeGreaterThan(10);
    expect(r.rps).toBeGreaterThan(10);
    expect(r.p50).toBeGreaterThanOrEqual(0);
    expect(r.p99).toBeGreaterThanOrEqual(r.p50);
    expect(r.non2xx).toBe(0);
    expect(r.errors).toBe(0);
    expect(seen).toContain('GET /api/health');
  });

  it('reports non-2xx answers as not ok', async () => {
    const r = await runScenario({
      name: 'fail',
      baseUrl: base,
      path: '/fail',
      connections: 1,
      durationSeconds: 1,
    });
    expect(r.ok).toBe(false);
    expect(r.non2xx).toBe(r.requests);
  });

  it('refuses unbounded or remote runs before sending anything', async () => {
    const before = seen.length;
    await expect(
      runScenario({ name: 'x', baseUrl: base, connections: LIMITS.maxConnections + 1 }),
    ).rejects.toThrow(RangeError);
    await expect(runScenario({ name: 'x', baseUrl: base, durationSeconds: 0 })).rejects.toThrow(RangeError);
    await expect(runScenario({ name: 'x', baseUrl: base, durationSeconds: '2.5' })).rejects.toThrow(
      RangeError,
    );
    await expect(runScenario({ name: 'x', baseUrl: 'http://192.0.2.1:8080' })).rejects.toThrow(/refusing/);
    await expect(runScenario({ name: 'x', baseUrl: base, path: 'http://example.com/' })).rejects.toThrow(
      /refusing/,
    );
    expect(seen.length).toBe(before);
  });

  it('fails fast when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const started = Date.now();
    // a 60 s scenario: failing within the bound shows it did not run
    await expect(
      runScenario({ name: 'x', baseUrl: `http://127.0.0.1:${port}`, durationSeconds: 60 }),
    ).rejects.toThrow(/cannot reach/);
    const took = Date.now() - started;
    console.log(`harness: nothing listening, refused after ${took} ms`);
    expect(took).toBeLessThan(10_000);
  });
});

describe('formatTable', () => {
  it('prints one aligned row per scenario under a header', () => {
    const table = formatTable([
      {
        name: 'GET /api/health',
        url: 'u',
        connections: 10,
        durationSeconds: 10,
        requests: 12345,
        rps: 1234.4,
        p50: 7,
        p99: 21,
        non2xx: 0,
        errors: 0,
        ok: true,
      },
    ]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^scenario\s+conns\s+secs\s+requests\s+req\/s\s+p50 ms\s+p99 ms\s+non-2xx\s+errors$/,
    );
    expect(lines[2]).toMatch(/^GET \/api\/health\s+10\s+10\s+12345\s+1234\s+7\s+21\s+0\s+0$/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    const fast = formatTable([
      {
        name: 'x',
        url: 'u',
        connections: 1,
        durationSeconds: 1,
        requests: 1,
        rps: 1,
        p50: 0,
        p99: 0,
        non2xx: 0,
        errors: 0,
        ok: true,
      },
    ]);
    expect(fast.split('\n')[2]).toMatch(/<1\s+<1/);
  });
});

describe('health.bench.mjs', () => {
  it('benchmarks GET /api/health and prints the table', async () => {
    const res = await runBench({ BASE_URL: base, CONNECTIONS: '2', DURATION: '1' });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/GET \/api\/health\s+2\s+1\s+\d+/);
  });

  it('refuses a non-loopback BASE_URL', async () => {
    const res = await runBench({ BASE_URL: 'http://example.com', DURATION: '1' });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('refusing to send load to example.com');
  });
});
