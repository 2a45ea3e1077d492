import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import {
  appErrorRetryAfter,
  classifyError,
  errorBody,
  isErrorCode,
  ERROR_KINDS,
  type ErrorCode,
} from '@tessera/kit';

/** An error raised by the BFF itself, with the spec's code and an optional field. */
export class HttpError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field: string | null = null,
    readonly status: number = ERROR_KINDS[code].http,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * Turns anything thrown below into the spec's error body `{success, message, error, statusCode,
 * timestamp, field}`. Unexpected failures are logged with their stack and answered with the
 * generic message; nothing internal leaks.
 */
export function errorMiddleware(logger: Logger) {
  return async function errorMiddleware(ctx: Context, next: Next) {
    try {
      await next();
    } catch (err) {
      let c;
      if (err instanceof HttpError) {
        c = { code: err.code, status: err.status, message: err.message, field: err.field, expected: true };
      } else if (isKoaHttpError(err)) {
        const code: ErrorCode =
          err.status === 413 ? 'PAYLOAD_TOO_LARGE' : err.status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
        c = { code, status: err.status, message: err.message, field: null, expected: true };
      } else {
        c = classifyError(err);
      }
      if (!c.expected)
        logger.error({ err, path: ctx.path, method: ctx.method }, 'request failed unexpectedly');
      ctx.status = c.status;
      // a service's rate limit says how long to wait (identity's sign-in throttle and account limits)
      const wait = appErrorRetryAfter(err);
      if (wait !== null && (c.status === 429 || c.status === 503)) ctx.set('Retry-After', String(wait));
      // load shedding (a busy service, a restarting one): tell the client when to come back
      if (c.status === 503 && !ctx.response.get('Retry-After')) ctx.set('Retry-After', '2');
      ctx.body = errorBody(c);
    }
  };
}

function isKoaHttpError(err: unknown): err is { status: number; message: string; expose: boolean } {
  return (
    typeof err === 'object' &&
    err !== null &&
    'status' in err &&
    typeof (err as { status: unknown }).status === 'number' &&
    (err as { expose?: unknown }).expose === true
  );
}

export { isErrorCode };
