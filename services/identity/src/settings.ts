/** The identity service's own settings (read with the shared ones by runService). */
import { ConfigError, type EnvReader } from '@tessera/kit';
import { parsePrivateKey } from './adapters/signing-keys.js';
import { REFRESH_REUSE_GRACE_MS } from './domain/policy.js';

export interface IdentitySettings {
  /** SMTP_URL (smtp:// or smtps://): real e-mail; unset selects the development outbox. */
  smtpUrl?: string;
  /** MAIL_FROM: sender of reset mails. */
  mailFrom: string;
  /** JWT_PRIVATE_KEY: PKCS#8 PEM or private JWK (P-256 or Ed25519); unset: generated and stored. */
  jwtPrivateKey?: string;
  /** JWT_ISSUER / JWT_AUDIENCE: the access tokens' iss and aud (published by GetSigningKeys). */
  jwtIssuer: string;
  jwtAudience: string;
  /** NODE_ENV === 'production': the outbox writes no file and logs no mail text. */
  production: boolean;
  /** PUBLIC_URL: the web app's origin, for the link to My pixels in receipts (default http://localhost:8080). */
  publicUrl: string;
  /** NEW_ACCOUNT_LIMIT_SCALE (1 to 1000): multiplies the new accounts an address may create (tests only). */
  newAccountLimitScale: number;
  /** REFRESH_REUSE_GRACE_SECONDS (0 to 60, default 30): how long a spent refresh token is still honoured. */
  refreshOverlapMs: number;
}

/** Where `npm start` serves the web app. */
export const DEFAULT_PUBLIC_URL = 'http://localhost:8080';
export const DEFAULT_MAIL_FROM = 'Tessera <no-reply@tessera.local>';

export function readIdentitySettings(env: EnvReader): IdentitySettings {
  const problems: string[] = [];
  const jwtPrivateKey = env.str('JWT_PRIVATE_KEY');
  if (jwtPrivateKey !== undefined) {
    try {
      parsePrivateKey(jwtPrivateKey);
    } catch (err) {
      problems.push(`JWT_PRIVATE_KEY is not usable: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const mailFrom = env.str('MAIL_FROM', DEFAULT_MAIL_FROM)!;
  if (mailFrom.length > 256 || !/@/.test(mailFrom))
    problems.push(`MAIL_FROM must be an e-mail address (got '${mailFrom}')`);
  const settings: IdentitySettings = {
    smtpUrl: env.url('SMTP_URL', ['smtp', 'smtps']),
    mailFrom,
    jwtPrivateKey,
    jwtIssuer: env.str('JWT_ISSUER', 'tessera-identity')!,
    jwtAudience: env.str('JWT_AUDIENCE', 'tessera-bff')!,
    production: env.str('NODE_ENV') === 'production',
    publicUrl: env.url('PUBLIC_URL', ['http', 'https']) ?? DEFAULT_PUBLIC_URL,
    newAccountLimitScale: env.int('NEW_ACCOUNT_LIMIT_SCALE', { default: 1, min: 1, max: 1000 }),
    refreshOverlapMs:
      env.int('REFRESH_REUSE_GRACE_SECONDS', { default: REFRESH_REUSE_GRACE_MS / 1000, min: 0, max: 60 }) *
      1000,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return settings;
}
