// A small benchmark harness on autocannon 8: runs a named HTTP scenario against a base URL for a
// bounded time with a bounded number of connections and reports requests/s and latency p50/p99.
// It only ever sends load to a loopback address (127.0.0.1, localhost, [::1]).
import autocannon from 'autocannon';

export const LIMITS = Object.freeze({
  maxConnections: 100,
  maxDurationSeconds: 60,
  preflightTimeoutMs: 3000,
});
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Parses `baseUrl` and refuses anything that is not plain http(s) on a loopback host.
 * @param {string} baseUrl
 * @returns {URL}
 */
export function assertLoopback(baseUrl) {
  let url;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`BASE_URL is not a URL: ${baseUrl}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`BASE_URL must be http or https (got ${url.protocol})`);
  }
  if (url.username || url.password) throw new Error('BASE_URL must not carry credentials');
  if (!LOOPBACK_HOSTS.has(url.hostname.toLowerCase())) {
    throw new Error(
      `refusing to send load to ${url.hostname}: only 127.0.0.1, localhost and [::1] are allowed`,
    );
  }
  return url;
}

/**
 * @param {string} name
 * @param {unknown} value
 * @param {number} min
 * @param {number} max
 * @returns {number}
 */
function boundedInt(name, value, min, max) {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max} (got ${String(value)})`);
  }
  return n;
}

/**
 * The whole number in environment variable `name` (unset or empty: `fallback`); a RangeError names
 * the variable and its bounds when it is not a whole number from `min` to `max`.
 * @param {string} name
 * @param {number} fallback
 * @param {number} min
 * @param {number} max
 * @returns {number}
 */
export function intEnv(name, fallback, min, max) {
  const raw = process.env[name];
  return boundedInt(name, raw === undefined || raw === '' ? fallback : raw, min, max);
}

/**
 * @typedef {object} Scenario
 * @property {string} name             label in the report
 * @property {string} baseUrl          e.g. http://127.0.0.1:8080 (loopback only)
 * @property {string} [path]           request path, default "/"
 * @property {string} [method]         default GET
 * @property {Record<string, string>} [headers]
 * @property {string} [body]
 * @property {number | string} [connections]      1..100, default 10
 * @property {number | string} [durationSeconds]  1..60, default 10
 * @property {boolean} [preflight]     one request first, to fail fast when nothing listens (default true)
 */

/**
 * @typedef {object} ScenarioResult
 * @property {string} name
 * @property {string} url
 * @property {number} connections
 * @property {number} durationSeconds
 * @property {number} requests       completed requests
 * @property {number} rps            completed requests per second
 * @property {number} p50            latency in ms
 * @property {number} p99            latency in ms
 * @property {number} non2xx
 * @property {number} errors         connection errors and timeouts
 * @property {boolean} ok            no error, no timeout, no non-2xx response, at least one request
 */

/**
 * Runs one scenario and summarises it. Throws before sending any load when the target is not on
 * loopback, a bound is exceeded, or (with preflight) nothing answers.
 * @param {Scenario} scenario
 * @returns {Promise<ScenarioResult>}
 */
export async function runScenario(scenario) {
  const base = assertLoopback(scenario.baseUrl);
  const connections = boundedInt('connections', scenario.connections ?? 10, 1, LIMITS.maxConnections);
  const durationSeconds = boundedInt(
    'durationSeconds',
    scenario.durationSeconds ?? 10,
    1,
    LIMITS.maxDurationSeconds,
  );
  const url = new URL(scenario.path ?? '/', base).toString();
  assertLoopback(url);
  const method = (scenario.method ?? 'GET').toUpperCase();

  if (scenario.preflight !== false) {
    try {
      const res = await fetch(url, {
        method,
        headers: scenario.headers,
        body: scenario.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(LIMITS.preflightTimeoutMs),
      });
      await res.arrayBuffer();
    } catch (err) {
      throw new Error(`cannot reach ${url}: ${err instanceof Error ? err.message : String(err)}`, {
        cause: err,
      });
    }
  }

  const result = await autocannon({
    url,
    method,
    headers: scenario.headers ?? {},
    body: scenario.body,
    connections,
    duration: durationSeconds,
    timeout: 10,
    title: scenario.name,
  });
  const completed = result.requests.total;
  const errors = result.errors + result.timeouts;
  return {
    name: scenario.name,
    url,
    connections,
    durationSeconds,
    requests: completed,
    rps: result.duration > 0 ? completed / result.duration : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors,
    ok: completed > 0 && errors === 0 && result.non2xx === 0,
  };
}

/** autocannon records latency in whole milliseconds. @param {number} v */
const ms = (v) => (v < 1 ? '<1' : v.toFixed(0));

/**
 * A plain-text table of results, one row per scenario.
 * @param {readonly ScenarioResult[]} results
 * @returns {string}
 */
export function formatTable(results) {
  const header = ['scenario', 'conns', 'secs', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'];
  const rows = results.map((r) => [
    r.name,
    String(r.connections),
    String(r.durationSeconds),
    String(r.requests),
    r.rps.toFixed(0),
    ms(r.p50),
    ms(r.p99),
    String(r.non2xx),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  /** @param {string[]} cells */
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
