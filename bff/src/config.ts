import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, type BaseConfig, type EnvReader } from '@tessera/kit';
import { parseTrustProxy, type TrustProxy } from './hardening/trust-proxy.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The BFF's own settings, read and validated with the shared ones (see the README's table). */
export interface BffSettings {
  /** The built web app served at / (WEB_DIST). */
  webDist: string;
  /** Public origin, e.g. https://tessera.art (PUBLIC_URL): cookies, OAuth redirects, Origin checks. */
  publicUrl?: string;
  /** Proxies whose X-Forwarded-* headers are believed (TRUST_PROXY; bff/src/hardening/trust-proxy.ts). */
  trustProxy: TrustProxy;
  /** Sessions, CSRF, OpenID Connect and auth rate limits (below). */
  auth: AuthSettings;
}

export type BffConfig = BaseConfig & BffSettings;

export function readBffSettings(env: EnvReader): BffSettings {
  return {
    webDist: path.resolve(env.str('WEB_DIST', path.resolve(here, '../../web/dist'))!),
    publicUrl: env.url('PUBLIC_URL', ['http', 'https']),
    trustProxy: parseTrustProxy(env.str('TRUST_PROXY')),
    auth: readAuthSettings(env),
  };
}

/** Settings of sign-in, sessions and CSRF (see the README's environment table). */
export interface AuthSettings {
  /**
   * Key material for CSRF tokens and other BFF-signed values (SESSION_SECRET, at least 32 bytes).
   * Unset: a random secret per process (fine for one replica; set it when running several).
   */
  sessionSecret?: string;
  /** OpenID Connect sign-in ("Continue with Google"); undefined when not configured. */
  oidc?: OidcSettings;
  /** Multiplies every auth rate limit (AUTH_RATE_LIMIT_SCALE, 1 to 1000; load tests). */
  rateLimitScale: number;
  /**
   * How long identity's answer that an access token's session is live is trusted (SESSION_CHECK_MS,
   * 100 ms to 5 min, default 30 s): the bound for a revocation whose bus event this replica missed.
   */
  sessionCheckMs: number;
}

export interface OidcSettings {
  /** OIDC_ISSUER, default https://accounts.google.com. */
  issuer: string;
  /** GOOGLE_CLIENT_ID. */
  clientId: string;
  /** GOOGLE_CLIENT_SECRET. */
  clientSecret: string;
}

export const DEFAULT_OIDC_ISSUER = 'https://accounts.google.com';
export const MIN_SESSION_SECRET_BYTES = 32;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Reads the auth settings; a wrong value is reported by name when configuration is validated. */
export function readAuthSettings(env: EnvReader): AuthSettings {
  const problems: string[] = [];
  const sessionSecret = env.str('SESSION_SECRET');
  if (sessionSecret !== undefined && Buffer.byteLength(sessionSecret, 'utf8') < MIN_SESSION_SECRET_BYTES) {
    problems.push(
      `SESSION_SECRET must be at least ${MIN_SESSION_SECRET_BYTES} bytes (got ${Buffer.byteLength(sessionSecret, 'utf8')})`,
    );
  }
  const issuer = env.url('OIDC_ISSUER', ['https', 'http'], DEFAULT_OIDC_ISSUER);
  if (issuer !== undefined) {
    const u = new URL(issuer);
    if (u.protocol === 'http:' && !LOOPBACK_HOSTS.has(u.hostname)) {
      problems.push(`OIDC_ISSUER must use https unless it is a loopback address (got '${issuer}')`);
    }
  }
  const clientId = env.str('GOOGLE_CLIENT_ID');
  const clientSecret = env.str('GOOGLE_CLIENT_SECRET');
  if ((clientId === undefined) !== (clientSecret === undefined)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  const rateLimitScale = env.int('AUTH_RATE_LIMIT_SCALE', { default: 1, min: 1, max: 1000 });
  const sessionCheckMs = env.int('SESSION_CHECK_MS', { default: 30_000, min: 100, max: 300_000 });
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    sessionSecret,
    oidc:
      issuer !== undefined && clientId !== undefined && clientSecret !== undefined
        ? { issuer, clientId, clientSecret }
        : undefined,
    rateLimitScale,
    sessionCheckMs,
  };
}
