/**
 * The HTTP contract between the web app and the BFF (spec section 7), defined once for both sides:
 * where the API lives, which calls carry the CSRF token and in which header, and which call sends
 * neither the CSRF token nor the bearer token (the reset-email call), and how long an answer may be
 * reused. The BFF refuses what the web app would never send, so both must read the same rule. Pure:
 * the web bundle imports it.
 */

/** Every call of spec section 7 is under this path. */
export const API_BASE = '/api';

/** The request header that carries the CSRF token (spec section 7). */
export const CSRF_HEADER = 'X-CSRF-Token';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** POST, PUT, PATCH and DELETE change state: they carry the CSRF token (spec section 7). */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a method changes state, in any letter case. */
export function isStateChanging(method: string): boolean {
  return STATE_CHANGING_METHODS.has(method.toUpperCase());
}

/**
 * A path as the BFF's router matches it: without query string or fragment, lower-cased, without a
 * trailing slash (the router ignores case and a trailing slash, so a rule keyed on a path must too).
 */
export function routePath(path: string): string {
  const bare = (path.split(/[?#]/, 1)[0] ?? '').toLowerCase();
  return bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare;
}

/** `METHOD /path`: the method upper-cased and the path by routePath, the key of the rules below. */
export function callKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${routePath(path)}`;
}

/** A call of spec section 7; `path` is under API_BASE. */
export interface ApiCall {
  method: HttpMethod;
  path: string;
}

/**
 * Calls that send neither a CSRF token nor the bearer token (spec section 7: "except the reset-email
 * call, which sends neither CSRF nor auth"). The web app leaves both off; the BFF does not ask for
 * the token (it still checks the Origin).
 */
export const ANONYMOUS_CALLS: readonly ApiCall[] = [{ method: 'POST', path: '/auth/reset-password-email' }];

const ANONYMOUS_KEYS: ReadonlySet<string> = new Set(ANONYMOUS_CALLS.map((c) => callKey(c.method, c.path)));

/** Whether `method path` (path under API_BASE) is one of ANONYMOUS_CALLS. */
export function isAnonymousCall(method: string, path: string): boolean {
  return ANONYMOUS_KEYS.has(callKey(method, path));
}

/** Whether `method path` (path under API_BASE) carries the CSRF token: state-changing, not anonymous. */
export function needsCsrfToken(method: string, path: string): boolean {
  return isStateChanging(method) && !isAnonymousCall(method, path);
}

/**
 * `GET /canvases/active` is cached 5 minutes (spec section 7): the BFF's Cache-Control max-age and the
 * web app's query staleTime, so the page never keeps the answer longer than the browser may.
 */
export const ACTIVE_CANVAS_CACHE_SEC = 5 * 60;

/**
 * A call refused by a rate limit (429 RATE_LIMIT_EXCEEDED, spec section 8: "wait a few minutes"): the
 * BFF's limits answer with it and the web app shows it for that code, whatever the server said.
 */
export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';
