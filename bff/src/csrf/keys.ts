/**
 * Keys the BFF signs with, derived from SESSION_SECRET. Without it each process draws a random
 * secret (and says so once): CSRF tokens then only verify on the replica that issued them, so set
 * SESSION_SECRET when running several BFF replicas.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { AuthSettings } from '../config.js';

export interface SessionKeys {
  /** HMAC key of CSRF tokens. */
  csrf: Buffer;
}

const cache = new WeakMap<AuthSettings, SessionKeys>();

export function deriveSessionKeys(secret: string | Uint8Array): SessionKeys {
  return { csrf: createHmac('sha256', secret).update('tessera/bff/csrf/v1').digest() };
}

export function sessionKeysFor(settings: AuthSettings, logger: Logger): SessionKeys {
  let keys = cache.get(settings);
  if (!keys) {
    if (settings.sessionSecret === undefined) {
      logger.warn(
        'SESSION_SECRET is not set: using a random secret for this process (set it when running several BFF replicas)',
      );
      keys = deriveSessionKeys(randomBytes(32));
    } else {
      keys = deriveSessionKeys(settings.sessionSecret);
    }
    cache.set(settings, keys);
  }
  return keys;
}
