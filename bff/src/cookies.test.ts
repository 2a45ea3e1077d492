import { describe, expect, it } from 'vitest';
import { cookieName, isSecureContext, serializeCookie } from './cookies.js';

describe('cookies', () => {
  it('uses the __Host- prefix and Secure over https, plain names over http', () => {
    expect(cookieName('tessera_rt', true)).toBe('__Host-tessera_rt');
    expect(cookieName('tessera_rt', false)).toBe('tessera_rt');
    const https = serializeCookie('__Host-tessera_rt', 'abc', {
      secure: true,
      sameSite: 'Strict',
      maxAgeSec: 60,
    });
    expect(https).toBe('__Host-tessera_rt=abc; Path=/; HttpOnly; SameSite=Strict; Secure; Max-Age=60');
    const http = serializeCookie('tessera_oidc', 'abc', { secure: false, sameSite: 'Lax', maxAgeSec: 600 });
    expect(http).toBe('tessera_oidc=abc; Path=/; HttpOnly; SameSite=Lax; Max-Age=600');
    expect(http).not.toContain('Secure');
  });

  it('deletes with Max-Age=0 and a past Expires, and omits Max-Age for browser-session cookies', () => {
    expect(serializeCookie('x', '', { secure: false, sameSite: 'Strict', maxAgeSec: 0 })).toBe(
      'x=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    );
    expect(serializeCookie('x', 'v', { secure: false, sameSite: 'Strict' })).not.toContain('Max-Age');
  });

  it('refuses values that could inject attributes', () => {
    expect(() => serializeCookie('x', 'a; Domain=evil', { secure: false, sameSite: 'Lax' })).toThrow();
    expect(() => serializeCookie('bad name', 'a', { secure: false, sameSite: 'Lax' })).toThrow();
  });

  it('decides https from PUBLIC_URL first, else from the request', () => {
    expect(isSecureContext({ publicUrl: 'https://tessera.art' }, { secure: false })).toBe(true);
    expect(isSecureContext({ publicUrl: 'http://localhost:8080' }, { secure: true })).toBe(false);
    expect(isSecureContext({ publicUrl: undefined }, { secure: true })).toBe(true);
    expect(isSecureContext({ publicUrl: undefined }, { secure: false })).toBe(false);
  });
});
