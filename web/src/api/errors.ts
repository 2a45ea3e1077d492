// The API client's error type and the generic error texts of spec section 8.
import { isRecord, readString } from '../lib/json.js';

export const GENERIC_MESSAGES = {
  fallback: "Something didn't work as expected. Please try again in a moment.",
  network: "We're having trouble connecting. Please check your internet and try again.",
  emptyResponse: 'The server returned an empty response.',
  invalidJson: 'Failed to parse server response as JSON.',
  csrfRetryFailed: 'Invalid or expired CSRF token (retry failed)',
  authFailed: 'Authentication failed',
  aborted: 'The request was cancelled.',
} as const;

/** With the default 30 s timeout: "Request timeout after 30000ms". */
export function timeoutMessage(timeoutMs: number): string {
  return `Request timeout after ${timeoutMs}ms`;
}

/** Codes the client itself produces (the server's codes are listed in messages.ts). */
export const CLIENT_CODES = {
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT',
  emptyResponse: 'EMPTY_RESPONSE',
  invalidJson: 'INVALID_JSON',
  csrf: 'CSRF_TOKEN_INVALID',
  authFailed: 'AUTHENTICATION_FAILED',
  aborted: 'ABORTED',
} as const;

export interface ApiErrorInit {
  code: string;
  status: number;
  message: string;
  field?: string | null;
  statusText?: string;
  cause?: unknown;
  /** The parsed JSON error body, for callers that read extra fields (e.g. a lock conflict). */
  body?: unknown;
}

/** Any failed API call. status is 0 when no HTTP response arrived (network, timeout, cancel). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  readonly status: number;
  readonly field: string | null;
  readonly statusText: string;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.field = init.field ?? null;
    this.statusText = init.statusText ?? '';
    this.body = init.body ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The spec's error body: {success, message, error, statusCode, timestamp, field}. */
export interface ErrorBody {
  message: string | null;
  code: string | null;
  field: string | null;
}

/** Reads the spec's error body; tolerates `error` given as an object {code, message}. */
export function readErrorBody(body: unknown): ErrorBody {
  if (!isRecord(body)) return { message: null, code: null, field: null };
  const nested = isRecord(body.error) ? body.error : null;
  return {
    message: readString(body.message) ?? readString(nested?.message),
    code: readString(body.error) ?? readString(nested?.code) ?? readString(body.code),
    field: readString(body.field) ?? readString(nested?.field),
  };
}

const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'RATE_LIMIT_EXCEEDED',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

/** The error for a non-OK response: the server's code and message when given, else generic ones. */
export function errorFromResponse(status: number, statusText: string, body: unknown): ApiError {
  const parsed = readErrorBody(body);
  return new ApiError({
    code: parsed.code ?? STATUS_CODES[status] ?? 'HTTP_ERROR',
    status,
    statusText,
    message: parsed.message ?? GENERIC_MESSAGES.fallback,
    field: parsed.field,
    body,
  });
}

/** True when a 403 is about the CSRF token (its code or message mentions csrf). */
export function mentionsCsrf(body: unknown): boolean {
  const parsed = readErrorBody(body);
  return /csrf/i.test(`${parsed.code ?? ''} ${parsed.message ?? ''}`);
}

/**
 * What kind of failure an error is, by the one rule every feature reads (spec section 8):
 * - `network`: no answer arrived (NETWORK_ERROR, or fetch's own TypeError outside the API client,
 *   such as a direct upload),
 * - `timeout`: no answer within the timeout (TIMEOUT, "Request timeout after 30000ms"),
 * - `aborted`: the caller cancelled the call (nothing to tell anyone),
 * - `server`: the server answered 5xx, `refused`: it answered another non-OK status,
 * - `other`: anything else (the app's own errors, bugs).
 */
export type ErrorKind = 'network' | 'timeout' | 'aborted' | 'server' | 'refused' | 'other';

export function errorKind(error: unknown): ErrorKind {
  if (isApiError(error)) {
    if (error.code === CLIENT_CODES.network) return 'network';
    if (error.code === CLIENT_CODES.timeout) return 'timeout';
    if (error.code === CLIENT_CODES.aborted) return 'aborted';
    if (error.status >= 500) return 'server';
    if (error.status >= 400) return 'refused';
    return 'other';
  }
  // fetch rejects with a TypeError ("Failed to fetch", "NetworkError when attempting to fetch")
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return 'network';
  return 'other';
}

/**
 * The connection failed: no answer arrived, or none in time (spec section 8: "network, fetch or
 * timeout"). Features show their network text for it and may retry it automatically.
 */
export function isNetworkError(error: unknown): boolean {
  const kind = errorKind(error);
  return kind === 'network' || kind === 'timeout';
}
