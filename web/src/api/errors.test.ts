// The one classification of a failure that every feature reads.
import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_CODES, errorKind, isNetworkError, timeoutMessage } from './errors.js';

const api = (code: string, status: number) => new ApiError({ code, status, message: 'm' });

describe('errorKind', () => {
  it('tells a missing answer, a late one and a cancelled call apart', () => {
    expect(errorKind(api(CLIENT_CODES.network, 0))).toBe('network');
    expect(
      errorKind(new ApiError({ code: CLIENT_CODES.timeout, status: 0, message: timeoutMessage(30_000) })),
    ).toBe('timeout');
    expect(errorKind(api(CLIENT_CODES.aborted, 0))).toBe('aborted');
  });

  it("counts fetch's own TypeError as no answer, and no other TypeError", () => {
    expect(errorKind(new TypeError('Failed to fetch'))).toBe('network');
    expect(errorKind(new TypeError('NetworkError when attempting to fetch resource.'))).toBe('network');
    expect(errorKind(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe('other');
  });

  it('sorts answered failures by status', () => {
    expect(errorKind(api('INTERNAL_SERVER_ERROR', 500))).toBe('server');
    expect(errorKind(api('BAD_GATEWAY', 502))).toBe('server');
    expect(errorKind(api('NOT_FOUND', 404))).toBe('refused');
    expect(errorKind(api('RATE_LIMIT_EXCEEDED', 429))).toBe('refused');
    expect(errorKind(api('INVALID_JSON', 200))).toBe('other');
    expect(errorKind(new Error('x'))).toBe('other');
    expect(errorKind(undefined)).toBe('other');
  });
});

describe('isNetworkError', () => {
  it('is true when no answer arrived, or none in time (spec: "network, fetch or timeout")', () => {
    expect(isNetworkError(api(CLIENT_CODES.network, 0))).toBe(true);
    expect(isNetworkError(api(CLIENT_CODES.timeout, 0))).toBe(true);
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('is false for a cancelled call and for any answer', () => {
    expect(isNetworkError(api(CLIENT_CODES.aborted, 0))).toBe(false);
    expect(isNetworkError(api('SERVICE_UNAVAILABLE', 503))).toBe(false);
    expect(isNetworkError(api('NOT_FOUND', 404))).toBe(false);
  });
});
