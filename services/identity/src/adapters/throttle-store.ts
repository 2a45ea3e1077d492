/**
 * Short-lived per-account state in the key-value port (Redis with REDIS_URL, so every replica
 * shares it): failed sign-ins (security/throttle.ts decides) and the reset-code resend cooldown.
 * Keys carry a SHA-256 of the normalised e-mail, never the address. Updates are compare-and-set,
 * so concurrent failures are all counted. Decisions use the injected clock; the TTLs only bound
 * how long the state is kept.
 */
import type { KeyValueStore } from '@tessera/kit';
import { RESET_RESEND_COOLDOWN_MS } from '../domain/policy.js';
import { resendWait } from '../domain/reset.js';
import {
  decide,
  recordFailure,
  WINDOW_MS,
  type FailureRecord,
  type ThrottleDecision,
} from '../security/throttle.js';
import { digest } from '../security/tokens.js';

const CAS_ROUNDS = 20;

function parseRecord(raw: string | null): FailureRecord {
  if (raw === null) return { failures: [] };
  try {
    const v = JSON.parse(raw) as { failures?: unknown };
    if (Array.isArray(v.failures) && v.failures.every((t) => typeof t === 'number')) {
      return { failures: v.failures as number[] };
    }
  } catch {
    // unreadable: start over
  }
  return { failures: [] };
}

export class AccountThrottle {
  constructor(private readonly kv: KeyValueStore) {}

  private key(email: string): string {
    return `identity:login-failures:${digest(email)}`;
  }

  async check(email: string, now: number): Promise<ThrottleDecision> {
    return decide(parseRecord(await this.kv.get(this.key(email))), now);
  }

  /** Counts one failed sign-in. */
  async fail(email: string, now: number): Promise<void> {
    const key = this.key(email);
    for (let i = 0; i < CAS_ROUNDS; i++) {
      const raw = await this.kv.get(key);
      const next = JSON.stringify(recordFailure(parseRecord(raw), now));
      const done =
        raw === null
          ? await this.kv.setIfAbsent(key, next, WINDOW_MS)
          : await this.kv.compareAndExtend(key, raw, WINDOW_MS, next);
      if (done) return;
    }
    throw new Error('could not record a failed sign-in (contention)');
  }

  /** A successful sign-in or password reset forgets the failures. */
  async clear(email: string): Promise<void> {
    await this.kv.del(this.key(email));
  }
}

export class ResendCooldown {
  constructor(private readonly kv: KeyValueStore) {}

  private key(email: string): string {
    return `identity:reset-sent:${digest(email)}`;
  }

  /** Claims the right to send a code now: 0 when claimed, else the milliseconds left to wait. */
  async claim(email: string, now: number): Promise<number> {
    const key = this.key(email);
    const raw = await this.kv.get(key);
    const wait = resendWait(raw === null ? null : Number(raw), now);
    if (wait > 0) return wait;
    const ok =
      raw === null
        ? await this.kv.setIfAbsent(key, String(now), RESET_RESEND_COOLDOWN_MS)
        : await this.kv.compareAndExtend(key, raw, RESET_RESEND_COOLDOWN_MS, String(now));
    // lost a race with a concurrent request: that one sent the code
    return ok ? 0 : RESET_RESEND_COOLDOWN_MS;
  }
}
