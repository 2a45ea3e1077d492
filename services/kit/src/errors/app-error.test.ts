import { describe, expect, it } from 'vitest';
import { Code, ConnectError } from '@connectrpc/connect';
import {
  appError,
  appErrorCode,
  appErrorField,
  appErrorRetryAfter,
  classifyError,
  errorBody,
  ERROR_CODE_HEADER,
  GENERIC_MESSAGE,
  hasAppCode,
  NOT_IMPLEMENTED_MESSAGE,
  refuseInput,
  retryAfterSeconds,
  withoutPeerHeaders,
} from './app-error.js';
import { ERROR_BODY_FIELDS } from '../testing/index.js';

describe('error model', () => {
  it('carries the application code and field through a ConnectError', () => {
    const err = appError('USERNAME_ALREADY_EXISTS', 'That username is taken', { field: 'username' });
    expect(err.code).toBe(Code.AlreadyExists);
    const c = classifyError(err);
    expect(c).toMatchObject({
      code: 'USERNAME_ALREADY_EXISTS',
      status: 409,
      field: 'username',
      expected: true,
    });
    expect(c.message).toBe('That username is taken');
  });

  it('keeps an RPC without a handler a 501 with a safe message, not an unexpected failure', () => {
    const c = classifyError(new ConnectError('tessera.x.v1.X.Y is not implemented', Code.Unimplemented));
    expect(c).toMatchObject({ code: 'NOT_IMPLEMENTED', status: 501, expected: true });
    expect(c.message).toBe(NOT_IMPLEMENTED_MESSAGE);
  });

  it('maps Connect codes without an application code to HTTP statuses', () => {
    expect(classifyError(new ConnectError('bad', Code.InvalidArgument))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    expect(classifyError(new ConnectError('no', Code.NotFound))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(classifyError(new ConnectError('slow', Code.ResourceExhausted))).toMatchObject({
      status: 429,
      code: 'RATE_LIMIT_EXCEEDED',
    });
    expect(classifyError(new ConnectError('down', Code.Unavailable))).toMatchObject({
      status: 503,
      message: GENERIC_MESSAGE,
    });
  });

  it('never leaks an unexpected error message', () => {
    const c = classifyError(new Error('ECONNREFUSED 10.0.0.3:27017 password=hunter2'));
    expect(c).toMatchObject({
      status: 500,
      code: 'INTERNAL_SERVER_ERROR',
      message: GENERIC_MESSAGE,
      expected: false,
    });
  });

  it('renders the spec error body', () => {
    const body = errorBody({ code: 'INVALID_CREDENTIALS', status: 401, message: 'Nope', field: null });
    expect(Object.keys(body).sort()).toEqual(ERROR_BODY_FIELDS);
    expect(body).toMatchObject({ success: false, error: 'INVALID_CREDENTIALS', statusCode: 401 });
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
  });

  it('reads the application code and field of an error, made here or received from a peer', () => {
    const err = appError('LOCK_CONFLICT', 'held', { field: 'boardIndex' });
    const received = new ConnectError(
      'held',
      Code.Aborted,
      new Headers({ [ERROR_CODE_HEADER]: 'LOCK_CONFLICT' }),
    );
    expect([appErrorCode(err), appErrorField(err)]).toEqual(['LOCK_CONFLICT', 'boardIndex']);
    expect([appErrorCode(received), appErrorField(received)]).toEqual(['LOCK_CONFLICT', null]);
    expect(hasAppCode(received, 'PIXEL_ALREADY_SOLD', 'LOCK_CONFLICT')).toBe(true);
    expect(hasAppCode(received, 'CONFLICT')).toBe(false);
    for (const other of [new Error('x'), new ConnectError('x', Code.Internal), undefined]) {
      expect(appErrorCode(other)).toBeNull();
      expect(hasAppCode(other, 'CONFLICT')).toBe(false);
    }
  });

  it("keeps only the code, message, application code and field of a peer's error", () => {
    const cause = new Error('root');
    const peer = new ConnectError(
      'held',
      Code.Aborted,
      new Headers({ [ERROR_CODE_HEADER]: 'LOCK_CONFLICT', 'content-length': '99', 'content-type': 'x' }),
      undefined,
      cause,
    );
    const out = withoutPeerHeaders(peer) as ConnectError;
    expect([out.code, out.rawMessage, out.cause]).toEqual([Code.Aborted, 'held', cause]);
    expect([...out.metadata.keys()]).toEqual([ERROR_CODE_HEADER]);
    // nothing to drop: the same error; not a ConnectError: unchanged
    const own = appError('CONFLICT', 'taken', { field: 'name' });
    expect(withoutPeerHeaders(own)).toBe(own);
    const plain = new Error('x');
    expect(withoutPeerHeaders(plain)).toBe(plain);
  });

  it("carries a rate limit's wait in whole seconds, kept across a hop", () => {
    const err = appError('RATE_LIMIT_EXCEEDED', 'wait', { retryAfterSec: 2.2 });
    expect(appErrorRetryAfter(err)).toBe(3);
    expect(appErrorRetryAfter(appError('CONFLICT', 'no wait'))).toBeNull();
    expect(appErrorRetryAfter(new Error('x'))).toBeNull();
    const received = new ConnectError('wait', Code.ResourceExhausted, new Headers(err.metadata));
    received.metadata.set('content-type', 'application/grpc');
    const out = withoutPeerHeaders(received) as ConnectError;
    expect(appErrorRetryAfter(out)).toBe(3);
    expect(out.metadata.get('content-type')).toBeNull();
  });

  it('tells a wait in whole seconds, rounded up and never less than one', () => {
    expect([1, 999, 1000, 1001, 59_500].map(retryAfterSeconds)).toEqual([1, 1, 1, 2, 60]);
    expect(retryAfterSeconds(0)).toBe(1);
  });

  it("refuses a shared rule's problem: MISSING_FIELD when absent, else VALIDATION_ERROR, with its field", () => {
    expect(() => refuseInput(null)).not.toThrow();
    const refusal = (problem: Parameters<typeof refuseInput>[0]) => {
      try {
        refuseInput(problem);
      } catch (err) {
        return {
          code: appErrorCode(err),
          field: appErrorField(err),
          message: (err as ConnectError).rawMessage,
        };
      }
      return null;
    };
    expect(refusal({ field: 'user_id', message: 'user_id is required', missing: true })).toEqual({
      code: 'MISSING_FIELD',
      field: 'user_id',
      message: 'user_id is required',
    });
    expect(
      refusal({ field: 'board_index', message: 'board_index must be an integer from 0 to 624' }),
    ).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'board_index',
      message: 'board_index must be an integer from 0 to 624',
    });
  });
});
