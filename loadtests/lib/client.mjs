// A small HTTP client for the bench scenarios: one keep-alive connection per client (like one
// browser), JSON in and out, latency percentiles, and a closed-loop driver that runs N clients for a
// bounded time. Loopback only, like the rest of loadtests/.
import http from 'node:http';
import { assertLoopback } from './harness.mjs';

/**
 * @typedef {object} Reply
 * @property {number} status
 * @property {Record<string, string | string[] | undefined>} headers
 * @property {string} text
 * @property {number} ms   time from sending to the last byte
 */

/** A client with its own keep-alive connection and default headers (a signed-in user's, say). */
export class Client {
  /**
   * @param {string} baseUrl
   * @param {{ headers?: Record<string, string>, timeoutMs?: number }} [opts]
   */
  constructor(baseUrl, opts = {}) {
    const url = assertLoopback(baseUrl);
    this.host = url.hostname.replace(/^\[|\]$/g, '');
    this.port = Number(url.port || 80);
    this.headers = { accept: 'application/json', ...(opts.headers ?? {}) };
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]   sent as JSON when given
   * @param {Record<string, string>} [headers]
   * @returns {Promise<Reply>}
   */
  request(method, path, body, headers) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    /** @type {Record<string, string | number>} */
    const h = { ...this.headers, ...(headers ?? {}) };
    if (payload !== undefined) {
      h['content-type'] = 'application/json';
      h['content-length'] = Buffer.byteLength(payload);
    }
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: this.host, port: this.port, method, path, headers: h, agent: this.agent },
        (res) => {
          /** @type {Buffer[]} */
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
            }),
          );
        },
      );
      req.setTimeout(this.timeoutMs, () => req.destroy(new Error(`${method} ${path} timed out`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /**
   * The JSON body of a request that must answer `expect` (default: any 2xx); throws otherwise.
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @param {{ expect?: number, headers?: Record<string, string> }} [opts]
   * @returns {Promise<any>}
   */
  async json(method, path, body, opts = {}) {
    const r = await this.request(method, path, body, opts.headers);
    const ok = opts.expect === undefined ? r.status >= 200 && r.status < 300 : r.status === opts.expect;
    if (!ok) throw new Error(`${method} ${path.split('?')[0]} answered ${r.status}: ${r.text.slice(0, 300)}`);
    return r.text === '' ? null : JSON.parse(r.text);
  }

  /**
   * POST with a JSON body: the status and the JSON answer (null when empty or not JSON), as
   * testing/purchase-flow.mjs `buyPixels` reads each step.
   * @param {string} path
   * @param {unknown} body
   * @returns {Promise<{ status: number, json: any }>}
   */
  async post(path, body) {
    const r = await this.request('POST', path, body);
    let json = null;
    try {
      json = r.text === '' ? null : JSON.parse(r.text);
    } catch {
      // not JSON: the step that reads it fails with the status
    }
    return { status: r.status, json };
  }

  close() {
    this.agent.destroy();
  }
}

/**
 * A client with a signed-in user's headers (bearer token, CSRF token, cookies, Origin), like that
 * user's browser.
 * @param {string} baseUrl
 * @param {{ accessToken: string; csrfToken: string; cookie: string }} user a user from ctx.signUp()
 */
export function signedInClient(baseUrl, user) {
  return new Client(baseUrl, {
    headers: {
      authorization: `Bearer ${user.accessToken}`,
      'x-csrf-token': user.csrfToken,
      cookie: user.cookie,
      origin: baseUrl,
    },
  });
}

/**
 * The Set-Cookie lines of a reply, for a CookieJar (bff/src/auth/test/cookie-jar.mjs).
 * @param {Reply} reply
 * @returns {string[]}
 */
export function setCookiesOf(reply) {
  const set = reply.headers['set-cookie'] ?? [];
  return Array.isArray(set) ? set : [set];
}

/**
 * The q-th percentile (0 to 100) of `values` by nearest rank: the smallest value with at least q% of
 * them at or below it (p100 is the largest); null when there are none. The one definition of the
 * benchmarks' percentiles.
 * @param {readonly number[]} values
 * @param {number} q
 * @returns {number | null}
 */
export function percentile(values, q) {
  return ofSorted(
    [...values].sort((a, b) => a - b),
    q,
  );
}

/** `percentile` of values sorted already. @param {readonly number[]} sorted @param {number} q */
function ofSorted(sorted, q) {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((q / 100) * sorted.length));
  return /** @type {number} */ (sorted[Math.min(rank, sorted.length) - 1]);
}

/** Latencies in ms; nearest-rank percentiles. */
export class Latencies {
  /** @type {number[]} */
  values = [];
  sorted = true;

  /** @param {number} ms */
  add(ms) {
    this.values.push(ms);
    this.sorted = false;
  }

  /** @param {Latencies} other */
  merge(other) {
    for (const v of other.values) this.values.push(v);
    this.sorted = false;
  }

  get count() {
    return this.values.length;
  }

  /** @param {number} p 0 to 100 @returns {number | null} */
  percentile(p) {
    if (!this.sorted) {
      this.values.sort((a, b) => a - b);
      this.sorted = true;
    }
    return ofSorted(this.values, p);
  }

  /** @returns {{ p50: number | null, p95: number | null, p99: number | null }} */
  summary() {
    return { p50: this.percentile(50), p95: this.percentile(95), p99: this.percentile(99) };
  }
}

/**
 * @typedef {object} LoopResult
 * @property {number} iterations   successful iterations
 * @property {number} errors       failed or thrown iterations
 * @property {number} seconds      measured wall time
 * @property {number} rate         successful iterations per second
 * @property {Latencies} latencies of successful iterations (ms)
 * @property {string[]} samples    the first few error messages
 * @property {number} generatorCpu this process's CPU during the loop, % of one core (the load
 *   generator's own: every client of a closed loop runs in the bench runner)
 */

/**
 * Runs `iteration(worker)` back to back on `workers` concurrent workers until `durationSeconds`
 * have passed (an iteration under way is finished, and counted). An iteration resolving to `false`
 * or throwing counts as an error; anything else as a success, timed.
 * @param {{ workers: number, durationSeconds: number, iteration: (worker: number) => Promise<unknown> }} opts
 * @returns {Promise<LoopResult>}
 */
export async function closedLoop({ workers, durationSeconds, iteration }) {
  const latencies = new Latencies();
  /** @type {string[]} */
  const samples = [];
  let iterations = 0;
  let errors = 0;
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const until = started + durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        let ok;
        try {
          ok = (await iteration(w)) !== false;
        } catch (err) {
          ok = false;
          if (samples.length < 5) samples.push(err instanceof Error ? err.message : String(err));
        }
        if (ok) {
          iterations++;
          latencies.add(performance.now() - t0);
        } else errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  // this process's CPU over the loop, % of one core: the clients' own cost (the load generator's)
  const generatorCpu = seconds > 0 ? ((cpu.user + cpu.system) / 1e6 / seconds) * 100 : 0;
  return { iterations, errors, seconds, rate: iterations / seconds, latencies, samples, generatorCpu };
}

/** Seconds of unmeasured load before a measured closed loop (BENCH_WARMUP, default 3; 0: none). */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);

/**
 * The same load as the measured phase, for WARMUP_SECONDS, not measured: on a fresh stack the first
 * seconds include the JIT's optimisation of the hot paths (the lock pairs' first 3 s ran at about
 * half the rate of the 10 s after them), and a server in service runs warm. Says what it did.
 * @param {{ workers: number, iteration: (worker: number) => Promise<unknown>, log: (m: string) => void, label?: string }} opts
 */
export async function warmUp({ workers, iteration, log, label = '' }) {
  if (!(WARMUP_SECONDS > 0)) return;
  const w = await closedLoop({ workers, durationSeconds: WARMUP_SECONDS, iteration });
  log(
    `${label ? `${label}: ` : ''}warm-up, ${WARMUP_SECONDS} s at the same load, not measured: ` +
      `${w.iterations} iterations, ${w.errors} errors${w.samples.length ? ` (${w.samples.join(' | ')})` : ''}`,
  );
}
