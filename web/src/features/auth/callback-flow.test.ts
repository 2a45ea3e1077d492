// OAuth callback decisions (spec section 4).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.js';
import { isSilentExchangeFailure, startCallback } from './callback-flow.js';

describe('startCallback', () => {
  it('sends a bare visit to /login', () => {
    expect(startCallback({})).toEqual({ kind: 'to-login' });
  });
  it('names a Google failure and other errors', () => {
    expect(startCallback({ error: 'google_auth_failed' })).toEqual({
      kind: 'error',
      message: 'Authentication with Google failed',
    });
    expect(startCallback({ error: 'access_denied', exchange_token: 't' })).toEqual({
      kind: 'error',
      message: 'Authentication failed. Please try again.',
    });
  });
  it('needs an exchange token', () => {
    expect(startCallback({ success: 'true' })).toEqual({
      kind: 'error',
      message: 'No exchange token found in callback URL',
    });
    expect(startCallback({ code: 'abc' }).kind).toBe('error');
    expect(startCallback({ exchange_token: ' tok ' })).toEqual({ kind: 'exchange', token: 'tok' });
  });
});

describe('isSilentExchangeFailure', () => {
  it('is silent for used or expired tokens only', () => {
    const invalid = new ApiError({
      code: 'INVALID_TOKEN',
      status: 401,
      message: 'Invalid or expired exchange token',
    });
    expect(isSilentExchangeFailure(invalid)).toBe(true);
    expect(isSilentExchangeFailure(new ApiError({ code: 'NOT_FOUND', status: 404, message: 'x' }))).toBe(
      true,
    );
    expect(isSilentExchangeFailure(new Error('No OAuth tokens for this user'))).toBe(true);
    expect(
      isSilentExchangeFailure(new ApiError({ code: 'INTERNAL_SERVER_ERROR', status: 500, message: 'x' })),
    ).toBe(false);
  });
});
