// Friendly messages for server codes and the fields an error flags.
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  CLIENT_CODES,
  GENERIC_MESSAGES,
  errorFromResponse,
  mentionsCsrf,
  readErrorBody,
} from './errors.js';
import { SERVER_CODE_MESSAGES, flaggedFields, friendlyMessage } from './messages.js';

const CODES = [
  'INVALID_CREDENTIALS',
  'INVALID_TOKEN',
  'REFRESH_TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'REFRESH_TOKEN_EXPIRED',
  'ACCOUNT_LOCKED',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_DISABLED',
  'INVALID_EMAIL',
  'INVALID_PASSWORD',
  'INVALID_OTP',
  'OTP_EXPIRED',
  'MISSING_FIELD',
  'EMAIL_ALREADY_EXISTS',
  'USERNAME_ALREADY_EXISTS',
  'RATE_LIMIT_EXCEEDED',
  'TOO_MANY_REQUESTS',
  'INTERNAL_SERVER_ERROR',
  'EMAIL_SEND_FAILED',
  'TOKEN_CREATION_FAILED',
  'RESET_FAILED',
  'USER_NOT_FOUND',
];

describe('server code messages', () => {
  it('has a message for every code of spec section 8', () => {
    expect(Object.keys(SERVER_CODE_MESSAGES).sort()).toEqual([...CODES].sort());
    for (const code of CODES) {
      const error = new ApiError({ code, status: 400, message: 'raw server text' });
      expect(friendlyMessage(error)).toBe(SERVER_CODE_MESSAGES[code as keyof typeof SERVER_CODE_MESSAGES]);
    }
  });

  it('says what the spec asks of the worded codes', () => {
    expect(SERVER_CODE_MESSAGES.INVALID_PASSWORD).toMatch(/at least 8 characters/);
    expect(SERVER_CODE_MESSAGES.ACCOUNT_LOCKED).toMatch(/temporarily locked.*contact support/);
    expect(SERVER_CODE_MESSAGES.RATE_LIMIT_EXCEEDED).toMatch(/wait a few minutes/);
    expect(SERVER_CODE_MESSAGES.OTP_EXPIRED).toMatch(/request a new one/);
  });

  it('falls back to the error message, then to the generic text', () => {
    expect(friendlyMessage(new ApiError({ code: 'CONFLICT', status: 409, message: 'Board busy' }))).toBe(
      'Board busy',
    );
    expect(friendlyMessage(new Error('plain'))).toBe('plain');
    expect(friendlyMessage('???')).toBe("Something didn't work as expected. Please try again in a moment.");
  });

  it("gives the caller's fallback for a 5xx, an empty or generic message, and anything without a message", () => {
    const err = (code: string, status: number, message = 'server says') =>
      new ApiError({ code, status, message });
    expect(friendlyMessage(err('INVALID_OTP', 400), 'fb')).toBe(SERVER_CODE_MESSAGES.INVALID_OTP);
    expect(friendlyMessage(err(CLIENT_CODES.network, 0), 'fb')).toBe(GENERIC_MESSAGES.network);
    // fetch's own failure outside the client (a direct upload) is the same missing answer
    expect(friendlyMessage(new TypeError('Failed to fetch'), 'fb')).toBe(GENERIC_MESSAGES.network);
    // a timeout keeps the spec's generic timeout text
    expect(friendlyMessage(err(CLIENT_CODES.timeout, 0, 'Request timeout after 30000ms'), 'fb')).toBe(
      'Request timeout after 30000ms',
    );
    expect(friendlyMessage(err('INVALID_USERNAME', 400, 'Too odd'), 'fb')).toBe('Too odd');
    expect(friendlyMessage(err('BAD_GATEWAY', 502), 'fb')).toBe('fb');
    expect(friendlyMessage(err('SERVICE_UNAVAILABLE', 503, 'The server is restarting'))).toBe(
      GENERIC_MESSAGES.fallback,
    );
    expect(friendlyMessage(err('HTTP_ERROR', 418, GENERIC_MESSAGES.fallback), 'fb')).toBe('fb');
    expect(friendlyMessage(err('HTTP_ERROR', 418, '  '), 'fb')).toBe('fb');
    expect(friendlyMessage(new Error('Failed to load board pixels'), 'fb')).toBe(
      'Failed to load board pixels',
    );
    expect(friendlyMessage(new Error(''), 'fb')).toBe('fb');
    expect(friendlyMessage(undefined, 'fb')).toBe('fb');
  });

  it('flags both fields for INVALID_CREDENTIALS and the named field otherwise', () => {
    expect(flaggedFields(new ApiError({ code: 'INVALID_CREDENTIALS', status: 401, message: '' }))).toEqual([
      'email',
      'password',
    ]);
    expect(
      flaggedFields(new ApiError({ code: 'INVALID_EMAIL', status: 400, message: '', field: 'email' })),
    ).toEqual(['email']);
    expect(flaggedFields(new Error('x'))).toEqual([]);
  });
});

describe('error bodies', () => {
  it('reads code, message and field, including a nested error object', () => {
    expect(readErrorBody({ error: 'X', message: 'm', field: 'f' })).toEqual({
      code: 'X',
      message: 'm',
      field: 'f',
    });
    expect(readErrorBody({ error: { code: 'Y', message: 'n' } })).toEqual({
      code: 'Y',
      message: 'n',
      field: null,
    });
    expect(readErrorBody('text')).toEqual({ code: null, message: null, field: null });
  });

  it('derives a code from the status when the body has none', () => {
    expect(errorFromResponse(429, '', null).code).toBe('RATE_LIMIT_EXCEEDED');
    expect(errorFromResponse(404, '', {}).code).toBe('NOT_FOUND');
    expect(errorFromResponse(418, '', {}).code).toBe('HTTP_ERROR');
  });

  it('detects CSRF failures by code or message', () => {
    expect(mentionsCsrf({ error: 'CSRF_TOKEN_INVALID' })).toBe(true);
    expect(mentionsCsrf({ message: 'invalid csrf token' })).toBe(true);
    expect(mentionsCsrf({ error: 'FORBIDDEN', message: 'Not yours' })).toBe(false);
    expect(mentionsCsrf(null)).toBe(false);
  });
});
