// Helpers of the read-path scenarios (board-pixels, composite, rerender, events, memory, web):
// an autocannon run with a fresh W3C traceparent per request, raw HTTP requests that
// keep the compressed body, a bare Koa baseline in its own process, and a signed-in user's calls to
// the BFF (each with its own traceparent), with which testing/purchase-flow.mjs buys pixels. The lock and
// purchase scenarios take the active canvas from here too.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { assertLoopback } from './harness.mjs';
import { readProcess } from './procstat.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** @type {(n: number | null | undefined, digits?: number) => number | null} */
export const round = (n, digits = 1) => (n === null || n === undefined ? null : Number(n.toFixed(digits)));

/** Share of requests whose traceparent says "sampled" (BENCH_TRACE_SAMPLE, 0..1, default 1: every one). */
const SAMPLE = Math.min(1, Math.max(0, Number(process.env.BENCH_TRACE_SAMPLE ?? 1)));

/** A W3C traceparent with new ids, sampled at the BENCH_TRACE_SAMPLE ratio. */
export function traceparent() {
  const flags = Math.random() < SAMPLE ? '01' : '00';
  return `00-${crypto.randomBytes(16).toString('hex')}-${crypto.randomBytes(8).toString('hex')}-${flags}`;
}

/**
 * How many distinct traceparent headers a load cycles through (BENCH_TRACE_POOL, default 256). Each
 * is built once, before the load: autocannon then sends prebuilt request bytes and the generator
 * spends no CPU per request on ids (a fresh traceparent per request, built in JS in autocannon's
 * setupRequest, cost the generator about a third of its CPU and capped the rate it could send).
 * BENCH_TRACE_POOL=0 restores one new traceparent per request, for comparison.
 */
const TRACE_POOL = Number(process.env.BENCH_TRACE_POOL ?? 256);

/**
 * `n` W3C traceparents with new ids (sampled at the BENCH_TRACE_SAMPLE ratio).
 * @param {number} n
 */
export function traceparentPool(n) {
  return Array.from({ length: Math.max(1, Math.floor(n)) }, traceparent);
}

/**
 * CPU this process (the load generator: autocannon and every client of the bench run in the runner)
 * used while `work` ran, in % of one core (user + system time / wall time), beside its result.
 * @template T
 * @param {() => Promise<T>} work
 * @returns {Promise<{ result: T; generatorCpu: number; cpuSeconds: number }>}
 */
export async function withGeneratorCpu(work) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await work();
  const used = process.cpuUsage(cpu0);
  const wallUs = (performance.now() - t0) * 1000;
  const cpuUs = used.user + used.system;
  return { result, generatorCpu: wallUs > 0 ? (cpuUs / wallUs) * 100 : 0, cpuSeconds: cpuUs / 1e6 };
}

/**
 * autocannon against `url` for `seconds` with `connections`, the requests carrying traceparents
 * from a pool built beforehand (TRACE_POOL), or none with `traced: false` (as the web app's reads:
 * it sends a traceparent per user action only). Returns `{rps, p50, p95, p99, errors, requests,
 * generatorCpu}` (latencies in ms; generatorCpu: this process's CPU during the load, % of one core).
 * @param {string} url
 * @param {{ seconds: number; connections: number; headers?: Record<string, string>; expectStatus?: number; traced?: boolean }} opts
 */
export async function load(url, { seconds, connections, headers = {}, expectStatus = 200, traced = true }) {
  assertLoopback(url);
  let wrong = 0;
  // the local typings (autocannon.d.ts) cover the harness's use only
  /** @type {any} */
  const cannon = autocannon;
  const requests = !traced
    ? [{ headers }]
    : TRACE_POOL > 0
      ? traceparentPool(TRACE_POOL).map((tp) => ({ headers: { ...headers, traceparent: tp } }))
      : [
          {
            setupRequest: (/** @type {any} */ req) => ({
              ...req,
              headers: { ...req.headers, traceparent: traceparent() },
            }),
          },
        ];
  const { result, generatorCpu } = await withGeneratorCpu(() =>
    cannon({
      url,
      connections,
      duration: seconds,
      headers,
      requests,
      setupClient: (/** @type {any} */ client) =>
        client.on('response', (/** @type {number} */ status) => {
          if (status !== expectStatus) wrong++;
        }),
    }),
  );
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: result.latency.p97_5 ?? result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + wrong,
    generatorCpu,
  };
}

/**
 * GET `url` without decoding: `{status, headers, body: Buffer}` (the body as sent, compressed or not).
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @param {string} [localAddress]
 * @returns {Promise<{ status: number; headers: import('node:http').IncomingHttpHeaders; body: Buffer }>}
 */
export function rawGet(url, headers = {}, localAddress) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, localAddress }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * A bare Koa app in its own process answering every GET with `body` and `headers` (the baseline of
 * the same bytes without the product in between). Returns `{url, pid, cpuSeconds(), close()}`: the
 * pid is the child's, never the runner's (a baseline sharing the generator's thread would measure
 * the generator).
 * @param {Buffer} body
 * @param {Record<string, string>} headers
 * @returns {Promise<{ url: string; pid: number; cpuSeconds(): number; close(): Promise<void> }>}
 */
export async function bareKoa(body, headers) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bare-'));
  fs.writeFileSync(path.join(dir, 'body'), body);
  fs.writeFileSync(path.join(dir, 'headers.json'), JSON.stringify(headers));
  const child = spawn(process.execPath, [path.join(here, 'bare-koa.mjs'), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  /** @type {number} */
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1] ?? 0));
    });
    child.once('exit', (code) => reject(new Error(`bare Koa exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid ?? 0,
    /** CPU seconds the bare Koa process used so far (its cost per request, beside the BFF's). */
    cpuSeconds: () => readProcess(child.pid ?? 0)?.cpuSeconds ?? 0,
    async close() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * @typedef {{ accessToken: string; csrfToken: string; cookie: string }} BenchUser a user from ctx.signUp()
 */

/**
 * JSON request to the BFF as a signed-in user.
 * @param {string} baseUrl
 * @param {BenchUser} user
 * @param {string} method
 * @param {string} pathname
 * @param {unknown} [body]
 * @returns {Promise<{ status: number; json: any }>}
 */
export async function api(baseUrl, user, method, pathname, body) {
  const res = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${user.accessToken}`,
      'X-CSRF-Token': user.csrfToken,
      Cookie: user.cookie,
      Origin: baseUrl,
      traceparent: traceparent(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = { text };
  }
  return { status: res.status, json };
}

/**
 * The user's POST through `api` (testing/purchase-flow.mjs `buyPixels` buys with it).
 * @param {string} baseUrl
 * @param {BenchUser} user
 * @returns {import('../../testing/purchase-flow.d.mts').SignedInApi}
 */
export function userApi(baseUrl, user) {
  return { post: (pathname, body) => api(baseUrl, user, 'POST', pathname, body) };
}

/**
 * Releases the user's lock of a board (scenarios leave no lock behind for the next one).
 * @param {string} baseUrl
 * @param {BenchUser} user
 * @param {number} canvasIndex
 * @param {number} boardIndex
 */
export async function releaseLock(baseUrl, user, canvasIndex, boardIndex) {
  await api(baseUrl, user, 'DELETE', `/api/boards/${canvasIndex}/${boardIndex}/lock?explicit=true`);
}

/**
 * The active canvas index.
 * @param {string} baseUrl
 * @returns {Promise<number>}
 */
export async function activeCanvas(baseUrl) {
  const res = await fetch(`${baseUrl}/api/canvases/active`);
  const body = /** @type {{ data: { canvas_index: number }[] }} */ (await res.json());
  return body.data[0]?.canvas_index ?? 0;
}

/**
 * One result row with the fields the runner prints (null where not applicable).
 * @param {{ row: string; figure?: unknown; unit?: string | null; p50?: number | null; p95?: number | null; p99?: number | null; errors?: number | null; baseline?: number | null; baselineLabel?: string | null; ratio?: number | null; target?: string | null; met?: boolean | null; generatorCpu?: number | null; baselineGeneratorCpu?: number | null }} fields
 */
export function row(fields) {
  return {
    row: fields.row,
    figure: fields.figure ?? null,
    unit: fields.unit ?? null,
    p50: fields.p50 ?? null,
    p95: fields.p95 ?? null,
    p99: fields.p99 ?? null,
    errors: fields.errors ?? null,
    baseline: fields.baseline ?? null,
    baselineLabel: fields.baselineLabel ?? null,
    ratio: fields.ratio ?? null,
    target: fields.target ?? null,
    met: fields.met ?? null,
    generatorCpu: fields.generatorCpu ?? null,
    baselineGeneratorCpu: fields.baselineGeneratorCpu ?? null,
  };
}

/**
 * The row of a conditional GET with the first answer's ETag: 304 is the target.
 * @param {string} what
 * @param {number} status
 */
export function notModifiedRow(what, status) {
  return row({
    row: `${what} unchanged (If-None-Match)`,
    figure: status,
    unit: 'status',
    target: '304',
    met: status === 304,
  });
}

/**
 * The read-path comparison of board-pixels and composite: autocannon against `url` through the BFF
 * as the web app reads (no traceparent: it sends one per user action only), then against a bare Koa
 * app serving `body` with `headers` (in its own process, the same requests), then through the BFF
 * again with a sampled traceparent on every request (a read inside a traced action: the request's
 * span). The CPU time each server process spent per request over its own load (CPU seconds /
 * requests) is robust to how busy the machine is. Returns the rows: requests/s beside the baseline's
 * (target: 0.6 of it), the BFF's CPU per request beside bare Koa's (target: bare / BFF >= 0.6), and
 * the traced read's CPU per request (a figure, no target).
 * @param {any} ctx the scenario's context (durationSeconds, connections, processCpuSeconds)
 * @param {{ url: string; body: Buffer; headers: Record<string, string>; requestHeaders?: Record<string, string>; label: string; baselineLabel: string }} what
 */
export async function againstBareKoa(ctx, what) {
  /** CPU seconds since `from`, or null when the process is not measured on its own. */
  const cpuSince = (/** @type {number | null} */ now, /** @type {number | null} */ from) =>
    now === null || from === null ? null : now - from;
  const bare = await bareKoa(what.body, what.headers);
  const opts = {
    seconds: ctx.durationSeconds,
    connections: ctx.connections,
    headers: what.requestHeaders,
    traced: false,
  };
  let product;
  let baseline;
  let traced;
  let bffCpu;
  let bareCpu;
  let tracedCpu;
  try {
    const bff0 = ctx.processCpuSeconds('bff');
    product = await load(what.url, opts);
    bffCpu = cpuSince(ctx.processCpuSeconds('bff'), bff0);
    const bare0 = bare.cpuSeconds();
    baseline = await load(bare.url, opts);
    bareCpu = bare.cpuSeconds() - bare0;
    const traced0 = ctx.processCpuSeconds('bff');
    traced = await load(what.url, { ...opts, traced: true });
    tracedCpu = cpuSince(ctx.processCpuSeconds('bff'), traced0);
  } finally {
    await bare.close();
  }
  const ratio = product.rps / baseline.rps;
  const generator = {
    generatorCpu: round(product.generatorCpu, 0),
    baselineGeneratorCpu: round(baseline.generatorCpu, 0),
  };
  // no BFF process of its own (BENCH_THREADS=1): its CPU cannot be told from the other services'
  const bffUs = bffCpu !== null && product.requests > 0 ? (bffCpu * 1e6) / product.requests : null;
  const tracedUs = tracedCpu !== null && traced.requests > 0 ? (tracedCpu * 1e6) / traced.requests : null;
  const oneProcess = bffCpu === null ? ' (not measured: the BFF is a thread of one process)' : '';
  const bareUs = baseline.requests > 0 ? (bareCpu * 1e6) / baseline.requests : null;
  const cpuRatio = bffUs !== null && bareUs !== null && bffUs > 0 ? bareUs / bffUs : null;
  return [
    row({
      row: what.label,
      figure: round(product.rps, 0),
      unit: 'req/s',
      p50: product.p50,
      p95: product.p95,
      p99: product.p99,
      errors: product.errors,
      baseline: round(baseline.rps, 0),
      baselineLabel: what.baselineLabel,
      ratio: round(ratio, 2),
      // issue 25: a cached read through the BFF at least 0.6 of the bare Koa process's rate
      target: '>= 0.60 of baseline',
      met: ratio >= 0.6,
      ...generator,
    }),
    row({
      row: `${what.label}: BFF CPU per request${oneProcess}`,
      figure: round(bffUs, 0),
      unit: 'us',
      baseline: round(bareUs, 0),
      baselineLabel: 'us, bare Koa process',
      ratio: cpuRatio === null ? null : round(cpuRatio, 2),
      // CPU time per request does not depend on how fast the generator sends (a saturated generator
      // caps the rate, not the work per request): on two cores, where a bare Koa route outruns any
      // one-thread generator, this is the ratio that can be judged
      target: '>= 0.60 (bare CPU / BFF CPU)',
      met: cpuRatio === null ? null : cpuRatio >= 0.6,
    }),
    row({
      row: `${what.label}, traced (sampled traceparent): BFF CPU per request${oneProcess}`,
      figure: round(tracedUs, 0),
      unit: `us (${round(traced.rps, 0)} req/s)`,
      baseline: round(bareUs, 0),
      baselineLabel: 'us, bare Koa process',
      ratio: tracedUs === null || bareUs === null || tracedUs <= 0 ? null : round(bareUs / tracedUs, 2),
      generatorCpu: round(traced.generatorCpu, 0),
    }),
  ];
}
