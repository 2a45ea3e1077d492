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

/**
 * Sets the security headers on every response. HSTS only when the public origin is https: PUBLIC_URL
 * says so, or the request arrived over TLS (directly, or `X-Forwarded-Proto: https` from a trusted
 * proxy; untrusted forwarded headers are already removed by `proxyHeaders`).
 */
export function securityHeaders(opts: SecurityHeaderOptions) {
  const publicHttps =
    opts.publicUrl !== undefined ? new URL(opts.publicUrl).protocol === 'https:' : undefined;
  const csp = { secure: contentSecurityPolicy(true), plain: contentSecurityPolicy(false) };
  // not async: it only sets headers before passing on (one promise less per request)
  return function securityHeadersMiddleware(ctx: Context, next: Next) {
    const https = publicHttps ?? ctx.secure;
    ctx.set('Content-Security-Policy', https ? csp.secure : csp.plain);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    if (https) ctx.set('Strict-Transport-Security', HSTS);
    return next();
  };
}

/** Source maps are build artifacts (web/dist-sourcemaps), never served: the web app never lists or serves `*.map`. */
export function isSourceMapPath(pathname: string): boolean {
  return pathname.toLowerCase().endsWith('.map');
}
