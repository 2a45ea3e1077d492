// Shared helpers for the k6 scripts: the target URL (loopback only), sign-in with a bearer token,
// the CSRF token for unsafe methods, W3C `traceparent` headers, and request parameters tagged per
// endpoint. Paths and bodies follow the product spec, section 7 (base path /api).
import http from 'k6/http';
import { fail } from 'k6';
import { randomBytes } from 'k6/crypto';

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * The base URL from BASE_URL (default http://127.0.0.1:8080), without a trailing slash. Load is only
 * ever sent to a loopback address: reach a cluster through `kubectl port-forward`.
 * @param {string | undefined} raw
 * @returns {string}
 */
export function loopbackBaseUrl(raw) {
  const value = (raw || 'http://127.0.0.1:8080').trim().replace(/\/+$/, '');
  const m = /^https?:\/\/(\[[^\]]+\]|[^/:?#@]+)(?::(\d{1,5}))?(\/[^?#]*)?$/i.exec(value);
  if (!m) fail(`BASE_URL must be an http(s) URL with no credentials, query or fragment (got ${value})`);
  const host = (m[1] ?? '').toLowerCase();
  if (!LOOPBACK_HOSTS.includes(host)) {
    fail(`BASE_URL host must be 127.0.0.1, localhost or [::1] (got ${host}); use kubectl port-forward`);
  }
  return value;
}

export const BASE_URL = loopbackBaseUrl(__ENV.BASE_URL);
const CSRF_HEADER = __ENV.CSRF_HEADER || 'X-CSRF-Token';
const PASSWORD = __ENV.LOADTEST_PASSWORD || 'Loadtest-Passw0rd!';
const EMAIL_DOMAIN = __ENV.LOADTEST_EMAIL_DOMAIN || 'loadtest.tessera.test';
const USER_PREFIX = __ENV.LOADTEST_USER_PREFIX || 'loadtest';
const REGISTER = (__ENV.LOADTEST_REGISTER || 'true') !== 'false';

/** @param {number} n @returns {string} n random bytes as lower-case hex */
function randomHex(n) {
  return Array.from(new Uint8Array(randomBytes(n)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A new W3C trace context (`00-<trace id>-<parent span id>-01`, sampled): one per user action, sent
 * on every request of it, so the BFF and the services join the action's spans into one trace (the
 * payment calls of one purchase share one, bff/README.md "Payment API").
 * @returns {string}
 */
export function newTrace() {
  return `00-${randomHex(16)}-${randomHex(8)}-01`;
}

/**
 * JSON request parameters with a metric tag per endpoint (`name` groups URLs with ids in them) and a
 * `traceparent` header: the given trace's, else a new one (a request that is an action of its own).
 * @param {string} endpoint short tag used by thresholds, e.g. "acquire"
 * @param {string} name URL pattern, e.g. "POST /api/boards/{c}/{b}/lock"
 * @param {Record<string, string>} [headers]
 * @param {string} [trace] a `traceparent` from newTrace()
 * @returns {import('k6/http').Params}
 */
export function params(endpoint, name, headers = {}, trace = newTrace()) {
  return {
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      traceparent: trace,
      ...headers,
    },
    tags: { endpoint, name },
    timeout: '30s',
  };
}

/**
 * A string field of a JSON response (GJSON path), or undefined.
 * @param {import('k6/http').RefinedResponse<import('k6/http').ResponseType | undefined>} res
 * @param {string} path
 * @returns {string | undefined}
 */
export function jsonString(res, path) {
  try {
    const v = res.json(path);
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @param {import('k6/http').RefinedResponse<import('k6/http').ResponseType | undefined>} res
 * @param {string} path
 * @returns {import('k6').JSONValue | undefined}
 */
export function jsonValue(res, path) {
  try {
    return res.json(path);
  } catch {
    return undefined;
  }
}

/** `positiveNumber(__ENV.X, 5)`: a positive number from a setting, else the fallback. */
export function positiveNumber(/** @type {string | undefined} */ raw, /** @type {number} */ fallback) {
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

/**
 * The active canvas index (GET /api/canvases/active); fails the test when there is none.
 * @returns {number}
 */
export function activeCanvasIndex() {
  const res = http.get(`${BASE_URL}/api/canvases/active`, params('active', 'GET /api/canvases/active'));
  const index = jsonValue(res, 'data.0.canvas_index');
  if (res.status !== 200 || typeof index !== 'number') {
    fail(`no active canvas at ${BASE_URL}/api/canvases/active (status ${res.status})`);
  }
  return index;
}

/**
 * One signed-in load-test user per VU. Holds the bearer token and the CSRF token (the VU's cookie
 * jar keeps the cookies that go with them) and renews both before they expire.
 */
export class Session {
  /** @param {number} vu the VU number, used to derive a stable e-mail and username */
  constructor(vu) {
    this.email = `${USER_PREFIX}+${vu}@${EMAIL_DOMAIN}`;
    this.username = `${USER_PREFIX}_${vu}`.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 50);
    /** @type {string | undefined} */
    this.accessToken = undefined;
    this.accessExpiresAt = 0;
    /** @type {string | undefined} */
    this.csrfToken = undefined;
    this.csrfExpiresAt = 0;
  }

  /** Headers for a read (bearer only). @returns {Record<string, string>} */
  readHeaders() {
    this.ensureSignedIn();
    return { Authorization: `Bearer ${this.accessToken}` };
  }

  /** Headers for POST/PUT/PATCH/DELETE (bearer and CSRF). @returns {Record<string, string>} */
  writeHeaders() {
    this.ensureSignedIn();
    this.ensureCsrf();
    return {
      Authorization: `Bearer ${this.accessToken}`,
      [CSRF_HEADER]: /** @type {string} */ (this.csrfToken),
    };
  }

  ensureCsrf() {
    if (this.csrfToken && Date.now() < this.csrfExpiresAt - 60_000) return;
    const res = http.get(`${BASE_URL}/api/csrf/csrf-token`, params('csrf', 'GET /api/csrf/csrf-token'));
    const token = jsonString(res, 'data.csrfToken');
    if (res.status !== 200 || !token) fail(`GET /api/csrf/csrf-token failed: ${res.status} ${res.body}`);
    const expiresIn = jsonValue(res, 'data.expiresIn');
    this.csrfToken = token;
    // expiresIn is in seconds; without it, refresh every 5 minutes like the web client.
    this.csrfExpiresAt =
      Date.now() + (typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn * 1000 : 300_000);
  }

  ensureSignedIn() {
    if (this.accessToken && Date.now() < this.accessExpiresAt - 120_000) return;
    this.ensureCsrf();
    const body = JSON.stringify({ email: this.email, password: PASSWORD });
    const csrf = { [CSRF_HEADER]: /** @type {string} */ (this.csrfToken) };
    let res = http.post(`${BASE_URL}/api/auth/login`, body, {
      ...params('login', 'POST /api/auth/login', csrf),
      responseCallback: http.expectedStatuses({ min: 200, max: 299 }, 401),
    });
    if (res.status === 401 && REGISTER) {
      const reg = JSON.stringify({ username: this.username, email: this.email, password: PASSWORD });
      res = http.post(
        `${BASE_URL}/api/auth/register`,
        reg,
        params('register', 'POST /api/auth/register', csrf),
      );
    }
    const token = jsonString(res, 'access_token');
    if (res.status < 200 || res.status > 299 || !token) {
      fail(`sign-in of ${this.email} failed: ${res.status} ${res.body}`);
    }
    const expiresIn = jsonValue(res, 'expires_in');
    this.accessToken = token;
    this.accessExpiresAt =
      Date.now() + (typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn * 1000 : 600_000);
    // A new session may come with a new CSRF binding: fetch a fresh token next time.
    this.csrfToken = undefined;
  }
}
