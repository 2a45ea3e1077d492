/** The lock service's own settings (validated at start, like every variable). */
import type { EnvReader } from '@tessera/kit';
import { MINUTE_MS } from './domain/lock-rules.js';

export interface LockSettings {
  /** LOCK_MINUTE_MS: the length of a lock minute (default 60000). Tests shorten it to see expiry. */
  lockMinuteMs: number;
}

export function readLockSettings(e: EnvReader): LockSettings {
  return { lockMinuteMs: e.int('LOCK_MINUTE_MS', { default: MINUTE_MS, min: 100, max: MINUTE_MS }) };
}
