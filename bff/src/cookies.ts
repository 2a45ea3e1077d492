/**
 * The BFF's cookies. All are HttpOnly (never readable by scripts), Path=/, and over https also
 * Secure with the `__Host-` prefix (so no subdomain or plain-http page can set or overwrite them).
 *
 * | cookie | value | SameSite | lifetime |
 * |---|---|---|---|
 * | `tessera_rt` / `__Host-tessera_rt` | identity's opaque refresh token | Strict | the refresh token's |
 * | `tessera_sid` / `__Host-tessera_sid` | random session id the CSRF token is bound to | Strict | 30 days, renewed on sign-in |
 * | `tessera_oidc` / `__Host-tessera_oidc` | id of one pending OpenID Connect sign-in | Lax | 10 minutes |
 *
 * Strict for the refresh and session cookies: they are only needed on same-origin `fetch` calls
 * from our own pages, so a cross-site request never carries them. The sign-in binding cookie must
 * be Lax: it has to come back on the provider's top-level redirect to our callback.
 */
import type { Context } from 'koa';
import type { BffConfig } from './config.js';

export type SameSite = 'Strict' | 'Lax';

export interface CookieAttributes {
  secure: boolean;
  sameSite: SameSite;
  /** Seconds; 0 deletes the cookie; undefined makes a browser-session cookie. */
  maxAgeSec?: number;
}

export const COOKIE = {
  refresh: { base: 'tessera_rt', sameSite: 'Strict' },
  session: { base: 'tessera_sid', sameSite: 'Strict' },
  oidc: { base: 'tessera_oidc', sameSite: 'Lax' },
} as const satisfies Record<string, { base: string; sameSite: SameSite }>;

export type CookieKind = keyof typeof COOKIE;

/** Values we set are URL-safe tokens; anything else in a cookie of ours is ignored. */
const VALUE = /^[A-Za-z0-9._~-]{1,1024}$/;

/** The cookie's name: `__Host-<base>` when secure, else `<base>`. */
export function cookieName(base: string, secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}

/** One `Set-Cookie` header value (HttpOnly and Path=/ always). */
export function serializeCookie(name: string, value: string, attrs: CookieAttributes): string {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new Error(`invalid cookie name ${name}`);
  if (value !== '' && !VALUE.test(value)) throw new Error('invalid cookie value');
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', `SameSite=${attrs.sameSite}`];
  if (attrs.secure) parts.push('Secure');
  if (attrs.maxAgeSec !== undefined) {
    const sec = Math.max(0, Math.floor(attrs.maxAgeSec));
    parts.push(`Max-Age=${sec}`);
    if (sec === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  return parts.join('; ');
}

/**
 * Whether the public origin is https: PUBLIC_URL when set, else the request itself (https, or
 * `X-Forwarded-Proto: https` from the proxy in front; the app trusts its proxy).
 */
export function isSecureContext(config: Pick<BffConfig, 'publicUrl'>, ctx: Pick<Context, 'secure'>): boolean {
  if (config.publicUrl !== undefined) return new URL(config.publicUrl).protocol === 'https:';
  return ctx.secure;
}

export interface CookieJar {
  get(kind: CookieKind): string | undefined;
  set(kind: CookieKind, value: string, maxAgeSec?: number): void;
  clear(kind: CookieKind): void;
}

/** Reads and writes this request's cookies with the right names and attributes. */
export function cookieJar(ctx: Context, config: Pick<BffConfig, 'publicUrl'>): CookieJar {
  const secure = isSecureContext(config, ctx);
  return {
    get(kind) {
      const v = ctx.cookies.get(cookieName(COOKIE[kind].base, secure));
      return v !== undefined && VALUE.test(v) ? v : undefined;
    },
    set(kind, value, maxAgeSec) {
      const c = COOKIE[kind];
      ctx.append(
        'Set-Cookie',
        serializeCookie(cookieName(c.base, secure), value, { secure, sameSite: c.sameSite, maxAgeSec }),
      );
    },
    clear(kind) {
      const c = COOKIE[kind];
      ctx.append(
        'Set-Cookie',
        serializeCookie(cookieName(c.base, secure), '', { secure, sameSite: c.sameSite, maxAgeSec: 0 }),
      );
    },
  };
}
