/**
 * Origin checks for state-changing requests (pure). Browsers send `Origin` on every cross-origin
 * POST/PUT/PATCH/DELETE and `Sec-Fetch-Site` on every request; programs such as curl or k6 send
 * neither and are then judged by the CSRF token alone.
 */
import type { Context } from 'koa';
import { BoundedMap } from '@tessera/kit';
export interface OriginHeaders {
  origin?: string;
  secFetchSite?: string;
}

export type OriginDecision =
  | { ok: true; /** no browser provenance header at all (curl, k6, server-to-server) */ headerless: boolean }
  | { ok: false; reason: string };

/** Origins parsed lately: every state-changing request parses its own and its `Origin` header's. */
const PARSED_LIMIT = 256;
const parsed = new BoundedMap<string, string | undefined>(PARSED_LIMIT);

/** The origin (`scheme://host[:port]`) of a URL, or undefined when it is not an absolute http(s) URL. */
export function originOf(url: string): string | undefined {
  if (parsed.has(url)) return parsed.get(url);
  let origin: string | undefined;
  try {
    const u = new URL(url);
    origin = u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    origin = undefined;
  }
  if (url.length <= 512) parsed.set(url, origin);
  return origin;
}

/**
 * This server's origin as the request addressed it: scheme and host (from X-Forwarded-Proto and
 * X-Forwarded-Host when the trusted proxy sets them). Never Koa's `ctx.origin`: since Koa 3 that is
 * the request's `Origin` header, i.e. whatever the caller claims (and absent on navigations).
 */
export function serverOrigin(ctx: Pick<Context, 'protocol' | 'host'>): string | undefined {
  return ctx.host === '' ? undefined : originOf(`${ctx.protocol}://${ctx.host}`);
}

/**
 * `allowed`: the request's own origin and PUBLIC_URL's. `Sec-Fetch-Site: cross-site` is refused;
 * `same-site` (another subdomain) and unknown values need an allowed `Origin`; an `Origin` that is
 * present must be allowed (`null`, opaque origins, included).
 */
export function checkOrigin(h: OriginHeaders, allowed: ReadonlySet<string>): OriginDecision {
  const site = h.secFetchSite?.trim().toLowerCase();
  const origin = h.origin?.trim();
  if (site === undefined && (origin === undefined || origin === '')) return { ok: true, headerless: true };
  if (site === 'cross-site') return { ok: false, reason: 'cross-site request' };
  if (origin !== undefined && origin !== '') {
    const o = originOf(origin);
    if (o === undefined || !allowed.has(o))
      return { ok: false, reason: `origin ${origin.slice(0, 100)} not allowed` };
    return { ok: true, headerless: false };
  }
  if (site === 'same-origin' || site === 'none') return { ok: true, headerless: false };
  return { ok: false, reason: `Sec-Fetch-Site ${String(site).slice(0, 40)} without an allowed origin` };
}
