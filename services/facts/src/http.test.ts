import { describe, expect, it } from 'vitest';
import {
  ACTIVE_CANVAS_CACHE_SEC,
  ANONYMOUS_CALLS,
  RATE_LIMIT_MESSAGE,
  CSRF_HEADER,
  callKey,
  isAnonymousCall,
  isStateChanging,
  needsCsrfToken,
  routePath,
} from './http.js';

describe('routePath and callKey', () => {
  it('drop the query, the fragment and a trailing slash, and ignore case', () => {
    expect(routePath('/a/b/?x=1#h')).toBe('/a/b');
    expect(routePath('/A/B#h')).toBe('/a/b');
    expect(routePath('/')).toBe('/');
    expect(callKey('post', '/API/Auth/Reset-Password-Email/')).toBe('POST /api/auth/reset-password-email');
  });
});

describe('the CSRF contract', () => {
  it('is carried in X-CSRF-Token', () => {
    expect(CSRF_HEADER).toBe('X-CSRF-Token');
  });

  it('applies to POST, PUT, PATCH and DELETE in any case, not to reads', () => {
    for (const m of ['POST', 'PUT', 'PATCH', 'DELETE', 'post', 'Delete'])
      expect(isStateChanging(m), m).toBe(true);
    for (const m of ['GET', 'HEAD', 'OPTIONS', 'get']) expect(isStateChanging(m), m).toBe(false);
    for (const m of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect(needsCsrfToken(m, '/boards/0/1/lock')).toBe(true);
    expect(needsCsrfToken('GET', '/boards/locks')).toBe(false);
  });

  it('leaves out the reset-email call only, however its path is written', () => {
    expect(ANONYMOUS_CALLS).toEqual([{ method: 'POST', path: '/auth/reset-password-email' }]);
    for (const path of [
      '/auth/reset-password-email',
      '/auth/reset-password-email/',
      '/Auth/Reset-Password-Email?x=1',
    ])
      expect(needsCsrfToken('POST', path), path).toBe(false);
    expect(isAnonymousCall('post', '/auth/reset-password-email')).toBe(true);
    expect(isAnonymousCall('GET', '/auth/reset-password-email')).toBe(false);
    expect(isAnonymousCall('POST', '/auth/reset-password-logic')).toBe(false);
    expect(needsCsrfToken('POST', '/auth/reset-password-logic')).toBe(true);
  });
});

describe('cache lifetimes', () => {
  it('keep the active canvas 5 minutes', () => {
    expect(ACTIVE_CANVAS_CACHE_SEC).toBe(300);
  });
});

describe('shared texts', () => {
  it('word a rate-limit refusal as spec section 8 does', () => {
    expect(RATE_LIMIT_MESSAGE).toBe('Too many attempts. Please wait a few minutes and try again.');
  });
});
