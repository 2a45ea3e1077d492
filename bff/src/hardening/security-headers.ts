/**
 * Response headers that limit what a page of ours may load and who may frame it.
 *
 * The Content-Security-Policy allows no inline script at all: the built index.html loads only
 * `/assets/*.js` modules (checked by the browser test with this policy in force). Stripe's script,
 * API and frames (js.stripe.com, api.stripe.com, hooks.stripe.com) are allowed for the payment form.
 * Images come from this origin, `blob:` (the canvas composite is decoded into object URLs) and
 * `data:`. Styles come from this origin only; React's `style` props are set through the CSSOM, which
 * the policy does not govern.
 */
import type { Context, Next } from 'koa';
import type { HeaderPair } from '../http/answer.js';

export const STRIPE_SCRIPT = 'https://js.stripe.com';
export const STRIPE_API = 'https://api.stripe.com';
export const STRIPE_HOOKS = 'https://hooks.stripe.com';

export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", STRIPE_SCRIPT],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'", STRIPE_API],
  'frame-src': [STRIPE_SCRIPT, STRIPE_HOOKS],
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export function contentSecurityPolicy(secure: boolean): string {
  const parts = Object.entries(CSP_DIRECTIVES).map(([name, values]) => `${name} ${values.join(' ')}`);
  if (secure) parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}

/** Two years, subdomains included (the value hstspreload.org asks for). */
export const HSTS = 'max-age=63072000; includeSubDomains';

export interface SecurityHeaderOptions {
  /** PUBLIC_URL, when set: its scheme decides HSTS. */
  publicUrl?: string;
}

/** The security headers of one answer: the policy, nosniff, referrer, framing, and HSTS over https. */
function headerPairs(https: boolean): readonly HeaderPair[] {
  const pairs: HeaderPair[] = [
    ['Content-Security-Policy', contentSecurityPolicy(https)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
  ];
  if (https) pairs.push(['Strict-Transport-Security', HSTS]);
  return pairs;
}

/**
 * The security headers, built once. HSTS only when the public origin is https: PUBLIC_URL says so
 * (`publicHttps`), or, without PUBLIC_URL, the request arrived over TLS (directly, or
 * `X-Forwarded-Proto: https` from a trusted proxy; untrusted forwarded headers are already removed by
 * `proxyHeaders`).
 */
export class SecurityHeaders {
  /** From PUBLIC_URL's scheme; undefined without PUBLIC_URL (then each request's connection decides). */
  readonly publicHttps: boolean | undefined;
  private readonly secure = headerPairs(true);
  private readonly plain = headerPairs(false);

  constructor(opts: SecurityHeaderOptions) {
    this.publicHttps =
      opts.publicUrl !== undefined ? new URL(opts.publicUrl).protocol === 'https:' : undefined;
  }

  /** The pairs for a request that arrived over TLS (`requestSecure`) or not. */
  pairs(requestSecure: boolean): readonly HeaderPair[] {
    return (this.publicHttps ?? requestSecure) ? this.secure : this.plain;
  }
}

/** Sets the security headers on every response (the cache hits of routes/hot-reads.ts get the same pairs). */
export function securityHeaders(opts: SecurityHeaderOptions) {
  const headers = new SecurityHeaders(opts);
  // not async: it only sets headers before passing on (one promise less per request)
  return function securityHeadersMiddleware(ctx: Context, next: Next) {
    for (const [name, value] of headers.pairs(ctx.secure)) ctx.set(name, value);
    return next();
  };
}

/** Source maps are build artifacts (web/dist-sourcemaps), never served: the web app never lists or serves `*.map`. */
export function isSourceMapPath(pathname: string): boolean {
  return pathname.toLowerCase().endsWith('.map');
}
