/** The submission service's own settings (read with the shared ones by runService). */
import { ConfigError, type EnvReader } from '@tessera/kit';

export interface SubmissionSettings {
  /**
   * UPLOAD_SIGNING_SECRET: the key that signs and verifies upload forms (at least 32 bytes; the same
   * on every replica). Unset: a random key generated once and kept in the submission store.
   */
  uploadSigningSecret?: string;
}

export function readSubmissionSettings(env: EnvReader): SubmissionSettings {
  const secret = env.str('UPLOAD_SIGNING_SECRET');
  if (secret !== undefined && Buffer.byteLength(secret, 'utf8') < 32)
    throw new ConfigError([
      `UPLOAD_SIGNING_SECRET must be at least 32 bytes (got ${Buffer.byteLength(secret, 'utf8')})`,
    ]);
  return { uploadSigningSecret: secret };
}
