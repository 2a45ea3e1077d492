// Request rules: CSRF and auth exemptions, retry policy and URL building.
import { describe, expect, it } from 'vitest';
import {
  isAuthFlowCall,
  isRetryableNetworkError,
  isRetryableStatus,
  retryDelayAfter,
  retryDelayMs,
  withQuery,
} from './policy.js';

describe('policy', () => {
  it('knows the sign-in flow calls', () => {
    expect(isAuthFlowCall('/auth/login')).toBe(true);
    expect(isAuthFlowCall('/auth/refresh-cookie')).toBe(true);
    expect(isAuthFlowCall('/csrf/csrf-token-secure')).toBe(true);
    expect(isAuthFlowCall('/auth/login/?next=1')).toBe(true);
    expect(isAuthFlowCall('/auth/me')).toBe(false);
    expect(isAuthFlowCall('/auth/update-username')).toBe(false);
  });

  it('retries reads after 502/503/504 and network errors, writes only after 503', () => {
    expect([502, 503, 504, 500, 429].map((s) => isRetryableStatus('GET', s))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect([502, 503, 504].map((s) => isRetryableStatus('POST', s))).toEqual([false, true, false]);
    expect(isRetryableStatus('DELETE', 503)).toBe(true);
    expect(isRetryableNetworkError('GET')).toBe(true);
    expect(isRetryableNetworkError('HEAD')).toBe(true);
    expect(isRetryableNetworkError('PUT')).toBe(false);
  });

  it('waits 500 ms times the retry number', () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n))).toEqual([500, 1000, 1500]);
  });

  it('retries a call once, after the wait, when its method and outcome allow it', () => {
    expect(retryDelayAfter('GET', 502, 0)).toBe(500);
    expect(retryDelayAfter('GET', 'network', 0, 20)).toBe(20);
    expect(retryDelayAfter('POST', 503, 0)).toBe(500);
    expect(retryDelayAfter('GET', 502, 1)).toBeNull();
    expect(retryDelayAfter('POST', 502, 0)).toBeNull();
    expect(retryDelayAfter('POST', 'network', 0)).toBeNull();
    expect(retryDelayAfter('GET', 200, 0)).toBeNull();
  });

  it('appends query strings', () => {
    expect(withQuery('/r', { a: 1, b: true, c: null, d: undefined, e: 'x y' })).toBe('/r?a=1&b=true&e=x+y');
    expect(withQuery('/r?z=0', { a: 1 })).toBe('/r?z=0&a=1');
    expect(withQuery('/r', {})).toBe('/r');
  });
});
