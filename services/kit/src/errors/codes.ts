import { Code } from '@connectrpc/connect';

/** One error model: an application code maps to a Connect code (inside) and an HTTP status (outside). */
export interface ErrorKind {
  connect: Code;
  http: number;
}

const k = (connect: Code, http: number): ErrorKind => ({ connect, http });

export const ERROR_KINDS = {
  // 400
  VALIDATION_ERROR: k(Code.InvalidArgument, 400),
  BAD_REQUEST: k(Code.InvalidArgument, 400),
  MISSING_FIELD: k(Code.InvalidArgument, 400),
  INVALID_EMAIL: k(Code.InvalidArgument, 400),
  INVALID_PASSWORD: k(Code.InvalidArgument, 400),
  INVALID_USERNAME: k(Code.InvalidArgument, 400),
  INVALID_OTP: k(Code.InvalidArgument, 400),
  OTP_EXPIRED: k(Code.InvalidArgument, 400),
  AMOUNT_MISMATCH: k(Code.InvalidArgument, 400),
  INVALID_PRICING: k(Code.InvalidArgument, 400),
  CONTENT_REJECTED: k(Code.InvalidArgument, 400),
  PAYLOAD_TOO_LARGE: k(Code.InvalidArgument, 413),
  // 401
  UNAUTHORIZED: k(Code.Unauthenticated, 401),
  INVALID_CREDENTIALS: k(Code.Unauthenticated, 401),
  INVALID_TOKEN: k(Code.Unauthenticated, 401),
  TOKEN_EXPIRED: k(Code.Unauthenticated, 401),
  REFRESH_TOKEN_INVALID: k(Code.Unauthenticated, 401),
  REFRESH_TOKEN_EXPIRED: k(Code.Unauthenticated, 401),
  // 403
  FORBIDDEN: k(Code.PermissionDenied, 403),
  CSRF_INVALID: k(Code.PermissionDenied, 403),
  ACCOUNT_LOCKED: k(Code.PermissionDenied, 403),
  ACCOUNT_DISABLED: k(Code.PermissionDenied, 403),
  EMAIL_NOT_VERIFIED: k(Code.PermissionDenied, 403),
  // a vote by an account that may not vote yet (facts/eligibility): the page offers verification
  VOTER_NOT_ELIGIBLE: k(Code.PermissionDenied, 403),
  // 404
  NOT_FOUND: k(Code.NotFound, 404),
  USER_NOT_FOUND: k(Code.NotFound, 404),
  // 409
  CONFLICT: k(Code.AlreadyExists, 409),
  EMAIL_ALREADY_EXISTS: k(Code.AlreadyExists, 409),
  USERNAME_ALREADY_EXISTS: k(Code.AlreadyExists, 409),
  LOCK_CONFLICT: k(Code.FailedPrecondition, 409),
  PIXEL_ALREADY_SOLD: k(Code.FailedPrecondition, 409),
  // a paid order the canvas refused: the payment was refunded (the body names the amount)
  ORDER_REFUNDED: k(Code.FailedPrecondition, 409),
  // 429
  RATE_LIMIT_EXCEEDED: k(Code.ResourceExhausted, 429),
  TOO_MANY_REQUESTS: k(Code.ResourceExhausted, 429),
  // 5xx
  INTERNAL_SERVER_ERROR: k(Code.Internal, 500),
  EMAIL_SEND_FAILED: k(Code.Internal, 500),
  TOKEN_CREATION_FAILED: k(Code.Internal, 500),
  RESET_FAILED: k(Code.Internal, 500),
  NOT_IMPLEMENTED: k(Code.Unimplemented, 501),
  SERVICE_UNAVAILABLE: k(Code.Unavailable, 503),
  TIMEOUT: k(Code.DeadlineExceeded, 504),
  // payment intent address updates (spec section 8, "Address update codes": lowercase on the wire)
  payment_intent_not_found: k(Code.NotFound, 404),
  unauthorized_payment_intent_access: k(Code.PermissionDenied, 403),
  invalid_billing_address: k(Code.InvalidArgument, 400),
  tax_calculation_failed: k(Code.Unavailable, 502),
  concurrent_update_detected: k(Code.Aborted, 409),
  invalid_payment_intent_state: k(Code.FailedPrecondition, 409),
} as const satisfies Record<string, ErrorKind>;

export type ErrorCode = keyof typeof ERROR_KINDS;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_KINDS, value);
}

/** Fallback application code and HTTP status for a Connect code that carries no application code. */
export const CONNECT_FALLBACK: Record<Code, { code: ErrorCode; http: number }> = {
  [Code.Canceled]: { code: 'TIMEOUT', http: 499 },
  [Code.Unknown]: { code: 'INTERNAL_SERVER_ERROR', http: 500 },
  [Code.InvalidArgument]: { code: 'VALIDATION_ERROR', http: 400 },
  [Code.DeadlineExceeded]: { code: 'TIMEOUT', http: 504 },
  [Code.NotFound]: { code: 'NOT_FOUND', http: 404 },
  [Code.AlreadyExists]: { code: 'CONFLICT', http: 409 },
  [Code.PermissionDenied]: { code: 'FORBIDDEN', http: 403 },
  [Code.ResourceExhausted]: { code: 'RATE_LIMIT_EXCEEDED', http: 429 },
  [Code.FailedPrecondition]: { code: 'CONFLICT', http: 409 },
  [Code.Aborted]: { code: 'CONFLICT', http: 409 },
  [Code.OutOfRange]: { code: 'VALIDATION_ERROR', http: 400 },
  [Code.Unimplemented]: { code: 'NOT_IMPLEMENTED', http: 501 },
  [Code.Internal]: { code: 'INTERNAL_SERVER_ERROR', http: 500 },
  [Code.Unavailable]: { code: 'SERVICE_UNAVAILABLE', http: 503 },
  [Code.DataLoss]: { code: 'INTERNAL_SERVER_ERROR', http: 500 },
  [Code.Unauthenticated]: { code: 'UNAUTHORIZED', http: 401 },
};
