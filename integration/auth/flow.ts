/** Browser-like helpers for the OpenID Connect sign-in tests. */
import { expect } from 'vitest';
import type { Browser, BrowserResponse } from '../../bff/src/auth/test/browser.js';

/** Follows redirects from `url` until one leaves for a URL accepted by `stop`; returns that URL. */
export async function followUntil(
  b: Browser,
  url: string,
  stop: (u: URL) => boolean,
  maxHops = 10,
): Promise<URL> {
  let current = new URL(url);
  for (let i = 0; i < maxHops; i++) {
    if (stop(current)) return current;
    const res: BrowserResponse = await b.request('GET', current.href);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || location === null) {
      throw new Error(`no redirect from ${current.href} (status ${res.status})`);
    }
    current = new URL(location, current);
  }
  throw new Error(`too many redirects from ${url}`);
}

/** GET /api/auth/google: the provider's authorization URL (302) with the browser bound by cookie. */
export async function startGoogleSignIn(b: Browser): Promise<URL> {
  const res = await b.request('GET', '/api/auth/google');
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  const binding = res.setCookies.find((c) => c.startsWith('tessera_oidc='));
  expect(binding).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=600$/);
  return location;
}

/** Where the BFF's callback sent the browser (a path + query on the BFF's origin). */
export async function hitCallback(b: Browser, callback: URL): Promise<URL> {
  const res = await b.request('GET', callback.href);
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!, b.base);
}

export function isBffCallback(bffBase: string): (u: URL) => boolean {
  return (u) => u.origin === new URL(bffBase).origin && u.pathname === '/api/auth/google/callback';
}
