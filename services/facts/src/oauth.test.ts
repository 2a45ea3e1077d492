import { describe, expect, it } from 'vitest';
import {
  CALLBACK_FAILED_URL,
  CALLBACK_PARAMS,
  EXCHANGE_INVALID_MESSAGE,
  GOOGLE_AUTH_FAILED,
  LOGIN_OAUTH_FAILED_URL,
  OAUTH_FAILED,
  callbackWithToken,
} from './oauth.js';

describe('the OAuth redirect contract', () => {
  it('names the spec routes and values', () => {
    expect(LOGIN_OAUTH_FAILED_URL).toBe('/login?error=oauth_failed');
    expect(CALLBACK_FAILED_URL).toBe('/auth/callback?error=google_auth_failed');
    expect(callbackWithToken('abc')).toBe('/auth/callback?exchange_token=abc');
  });

  it('writes only parameters the callback page reads, with the values it compares to', () => {
    const read = (url: string) => new URL(url, 'http://x').searchParams;
    const failed = read(CALLBACK_FAILED_URL);
    expect([...failed.keys()].every((k) => (CALLBACK_PARAMS as readonly string[]).includes(k))).toBe(true);
    expect(failed.get('error')).toBe(GOOGLE_AUTH_FAILED);
    expect(read(LOGIN_OAUTH_FAILED_URL).get('error')).toBe(OAUTH_FAILED);
  });

  it('carries any exchange token intact', () => {
    const token = 'a+b/c=d&e?f#g h';
    const url = new URL(callbackWithToken(token), 'http://x');
    expect(url.pathname).toBe('/auth/callback');
    expect(url.searchParams.get('exchange_token')).toBe(token);
    expect([...url.searchParams.keys()]).toEqual(['exchange_token']);
  });
});

describe('the exchange refusal', () => {
  it('keeps the words the callback page goes silently to the sign-in page on', () => {
    expect(EXCHANGE_INVALID_MESSAGE).toMatch(/Invalid or expired/);
  });
});
