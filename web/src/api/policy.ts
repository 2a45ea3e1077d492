// Pure request rules of spec section 7 that only the web client applies: which calls are the sign-in
// flows, which are retried, and URL building. Which calls carry the CSRF token and auth is the BFF's
// rule too: @tessera/facts/http.
import { routePath, type HttpMethod } from '@tessera/facts/http';

/** Calls of the sign-in flows themselves: a 401 from them is an answer, not an expired session. */
const AUTH_FLOW_PATHS = new Set([
  '/auth/login',
  '/auth/register',
  '/auth/logout',
  '/auth/refresh-cookie',
  '/auth/reset-password-email',
  '/auth/reset-password-logic',
  '/auth/oauth/exchange',
  '/csrf/csrf-token',
  '/csrf/csrf-token-secure',
  '/csrf/refresh-csrf-token',
]);

export function isAuthFlowCall(path: string): boolean {
  return AUTH_FLOW_PATHS.has(routePath(path));
}

export function isIdempotent(method: HttpMethod): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** Reads are retried after network errors and 502/503/504; writes only after 503. */
export function isRetryableStatus(method: HttpMethod, status: number): boolean {
  if (isIdempotent(method)) return status === 502 || status === 503 || status === 504;
  return status === 503;
}

export function isRetryableNetworkError(method: HttpMethod): boolean {
  return isIdempotent(method);
}

export const RETRY_BASE_DELAY_MS = 500;
export const MAX_RETRIES = 1;

/** Delay before retry number n (1-based): 500 ms times n. */
export function retryDelayMs(retryNumber: number, baseMs: number = RETRY_BASE_DELAY_MS): number {
  return baseMs * retryNumber;
}

/**
 * How long to wait before retrying a call whose attempt number `retry` (0 for the first) ended with
 * this status, or with 'network' when no answer came; null when it is not retried (at most
 * MAX_RETRIES retries, of what isRetryableStatus and isRetryableNetworkError allow).
 */
export function retryDelayAfter(
  method: HttpMethod,
  outcome: number | 'network',
  retry: number,
  baseMs: number = RETRY_BASE_DELAY_MS,
): number | null {
  if (retry >= MAX_RETRIES) return null;
  const retryable =
    outcome === 'network' ? isRetryableNetworkError(method) : isRetryableStatus(method, outcome);
  return retryable ? retryDelayMs(retry + 1, baseMs) : null;
}

/** Appends query parameters, skipping undefined and null values. */
export function withQuery(
  path: string,
  query: Record<string, string | number | boolean | null | undefined> | undefined,
): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  if (qs === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}
