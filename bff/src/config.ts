import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BaseConfig, EnvReader } from '@tessera/kit';
import { readAuthSettings, type AuthSettings } from './auth/settings.js';
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
  /** Sessions, CSRF, OpenID Connect and auth rate limits (bff/src/auth/settings.ts). */
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
