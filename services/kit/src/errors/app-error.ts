import { Code, ConnectError } from '@connectrpc/connect';
import type { InputProblem } from '@tessera/facts/inputs';
import { CONNECT_FALLBACK, ERROR_KINDS, isErrorCode, type ErrorCode } from './codes.js';

/** Metadata keys that carry the application error across a Connect hop. */
export const ERROR_CODE_HEADER = 'tessera-error-code';
export const ERROR_FIELD_HEADER = 'tessera-error-field';
/** Seconds a refused caller should wait (a rate limit): the BFF answers it as `Retry-After`. */
export const ERROR_RETRY_AFTER_HEADER = 'tessera-retry-after';
/**
 * Marks a call refused for the caller's service identity (no valid token, or a caller the trust
 * table does not allow): a misconfiguration between processes, never the user's fault.
 */
export const REFUSED_HEADER = 'tessera-refused';

export const GENERIC_MESSAGE = "Something didn't work as expected. Please try again in a moment.";
/** What a caller is told about an RPC that has no handler (yet). */
export const NOT_IMPLEMENTED_MESSAGE = 'This feature is not available yet.';

/** The spec's error body (section 3 and 8). */
export interface ErrorBody {
  success: false;
  message: string;
  error: string;
  statusCode: number;
  timestamp: string;
  field: string | null;
}

/**
 * Creates a ConnectError that carries an application code (and optionally the offending field, and
 * for a rate limit the seconds to wait, `retryAfterSec`).
 */
export function appError(
  code: ErrorCode,
  message: string,
  opts: { field?: string; cause?: unknown; retryAfterSec?: number } = {},
) {
  const metadata = new Headers({ [ERROR_CODE_HEADER]: code });
  if (opts.field) metadata.set(ERROR_FIELD_HEADER, opts.field);
  if (opts.retryAfterSec !== undefined) {
    metadata.set(ERROR_RETRY_AFTER_HEADER, String(Math.max(1, Math.ceil(opts.retryAfterSec))));
  }
  return new ConnectError(message, ERROR_KINDS[code].connect, metadata, undefined, opts.cause);
}

/**
 * Throws a refused argument that a shared rule of @tessera/facts/inputs found: MISSING_FIELD when the
 * value was absent, VALIDATION_ERROR otherwise, with the rule's message and field. No problem: nothing.
 */
export function refuseInput(problem: InputProblem | null): asserts problem is null {
  if (problem)
    throw appError(problem.missing ? 'MISSING_FIELD' : 'VALIDATION_ERROR', problem.message, {
      field: problem.field,
    });
}

/**
 * How long a refused caller is told to wait, in whole seconds: rounded up, and at least 1 (never
 * "wait 0 seconds" while a wait is left).
 */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The application error code a ConnectError carries (made here or received from a peer); null otherwise. */
export function appErrorCode(err: unknown): string | null {
  return err instanceof ConnectError ? err.metadata.get(ERROR_CODE_HEADER) : null;
}

/** The field an application error names; null when none (or not an application error). */
export function appErrorField(err: unknown): string | null {
  return err instanceof ConnectError ? err.metadata.get(ERROR_FIELD_HEADER) : null;
}

/** The whole seconds to wait that an application error carries (appError's `retryAfterSec`); null when none. */
export function appErrorRetryAfter(err: unknown): number | null {
  const raw = err instanceof ConnectError ? err.metadata.get(ERROR_RETRY_AFTER_HEADER) : null;
  const sec = raw === null ? NaN : Number(raw);
  return Number.isSafeInteger(sec) && sec > 0 ? sec : null;
}

/** True when `err` is an application error with one of `codes` (e.g. a peer's LOCK_CONFLICT). */
export function hasAppCode(err: unknown, ...codes: ErrorCode[]): boolean {
  const code = appErrorCode(err);
  return code !== null && (codes as string[]).includes(code);
}

/** The metadata of an application error that crosses a hop. */
const KEPT_HEADERS = [ERROR_CODE_HEADER, ERROR_FIELD_HEADER, ERROR_RETRY_AFTER_HEADER];

/**
 * The error to answer with from this server: a ConnectError keeps its code, message, application
 * code, field and wait, and nothing else of its metadata. An error received from a peer carries the peer's
 * response headers (content-type, content-length, ...), which would corrupt this server's answer.
 */
export function withoutPeerHeaders(err: unknown): unknown {
  if (!(err instanceof ConnectError)) return err;
  // an error made in this process (appError) has nothing else: answered as it is
  let other = false;
  err.metadata.forEach((_, key) => {
    if (!KEPT_HEADERS.includes(key)) other = true;
  });
  if (!other) return err;
  const kept = new Headers();
  for (const h of KEPT_HEADERS) {
    const v = err.metadata.get(h);
    if (v !== null) kept.set(h, v);
  }
  return new ConnectError(err.rawMessage, err.code, kept, undefined, err.cause);
}

/**
 * Refusals created in this process. The same refusal received from a peer is a plain ConnectError
 * with REFUSED_HEADER: a failure of this hop, not something to pass on. (ConnectError is not
 * subclassed: connect's `instanceof` only accepts its own class or the name "ConnectError".)
 */
const localRefusals = new WeakMap<ConnectError, string>();

/** The error of a call refused for the caller's identity (`unauthenticated` or `permission_denied`). */
export function callerRefused(
  code: Code.Unauthenticated | Code.PermissionDenied,
  reason: string,
): ConnectError {
  const err = new ConnectError(
    `service identity: ${reason}`,
    code,
    new Headers({
      [REFUSED_HEADER]: code === Code.Unauthenticated ? 'unauthenticated' : 'permission_denied',
    }),
  );
  localRefusals.set(err, reason);
  return err;
}

/** The reason of a refusal created in this process by `callerRefused`; undefined for anything else. */
export function localRefusalReason(err: unknown): string | undefined {
  return err instanceof ConnectError ? localRefusals.get(err) : undefined;
}

export interface ClassifiedError {
  code: string;
  status: number;
  message: string;
  field: string | null;
  /** True when the message is safe to show (an application error); false for unexpected failures. */
  expected: boolean;
}

/** What an unexpected failure answers: a 500 with the generic message (the details stay in the log). */
const UNEXPECTED: ClassifiedError = {
  code: 'INTERNAL_SERVER_ERROR',
  status: 500,
  message: GENERIC_MESSAGE,
  field: null,
  expected: false,
};

/** Classifies any thrown value into code, HTTP status and a message safe to show a user. */
export function classifyError(err: unknown): ClassifiedError {
  const ce = err instanceof ConnectError ? err : undefined;
  if (ce) {
    // A peer refused this process's identity: the deployment is wrong, the user did nothing wrong.
    if (ce.metadata.get(REFUSED_HEADER)) return { ...UNEXPECTED };
    const code = appErrorCode(ce);
    const field = appErrorField(ce);
    if (code && isErrorCode(code)) {
      return { code, status: ERROR_KINDS[code].http, message: ce.rawMessage, field, expected: true };
    }
    const fb = CONNECT_FALLBACK[ce.code] ?? CONNECT_FALLBACK[Code.Unknown];
    // An RPC without a handler is a known answer, not a failure: it stays UNIMPLEMENTED across a
    // hop (the server's logging interceptor passes expected errors through) and becomes a 501.
    if (ce.code === Code.Unimplemented) {
      return { code: fb.code, status: fb.http, message: NOT_IMPLEMENTED_MESSAGE, field, expected: true };
    }
    const unexpected = fb.http >= 500;
    return {
      code: fb.code,
      status: fb.http,
      message: unexpected ? GENERIC_MESSAGE : ce.rawMessage,
      field,
      expected: !unexpected,
    };
  }
  return { ...UNEXPECTED };
}

export function errorBody(c: Pick<ClassifiedError, 'code' | 'status' | 'message' | 'field'>): ErrorBody {
  return {
    success: false,
    message: c.message,
    error: c.code,
    statusCode: c.status,
    timestamp: new Date().toISOString(),
    field: c.field,
  };
}
