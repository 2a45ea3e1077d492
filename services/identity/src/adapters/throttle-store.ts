/**
 * Short-lived per-account state in the key-value port (Redis with REDIS_URL, so every replica
 * shares it): failed sign-ins per account and source, plus the account-wide count
 * (security/throttle.ts decides), and the reset-code resend cooldown.
 * Keys carry a SHA-256 of the normalised e-mail and of the source, never the address. Updates are
 * compare-and-set, so concurrent failures are all counted. Decisions use the injected clock; the
 * TTLs only bound how long the state is kept.
 */
import { sha256Base64url, type KeyValueStore } from '@tessera/kit';
import { RESET_RESEND_COOLDOWN_MS } from '@tessera/facts/account';
import { resendWait } from '../domain/reset.js';
import {
  decide,
  freeFailures,
  recordFailure,
  WINDOW_MS,
  type FailureRecord,
  type ThrottleDecision,
} from '../security/throttle.js';

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

  private prefix(email: string): string {
    return `identity:login-failures:${sha256Base64url(email)}:`;
  }

  /** One source's failures at one account; `source` is the client address ('' when unknown). */
  private key(email: string, source: string): string {
    return `${this.prefix(email)}src:${sha256Base64url(source)}`;
  }

  private accountKey(email: string): string {
    return `${this.prefix(email)}all`;
  }

  private async read(key: string): Promise<FailureRecord> {
    return parseRecord(await this.kv.get(key));
  }

  /** Whether `source` may try a password for `email` now. */
  async check(email: string, now: number, source = ''): Promise<ThrottleDecision> {
    const [own, all] = await Promise.all([
      this.read(this.key(email, source)),
      this.read(this.accountKey(email)),
    ]);
    return decide(own, now, freeFailures(all, now));
  }

  /** Counts one failed sign-in from `source`, and once for the account as a whole. */
  async fail(email: string, now: number, source = ''): Promise<void> {
    await Promise.all([this.append(this.key(email, source), now), this.append(this.accountKey(email), now)]);
  }

  private async append(key: string, now: number): Promise<void> {
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

  /**
   * A successful sign-in forgets that source's failures (`source` given); a password reset forgets
   * every source's and the account-wide count (`source` omitted).
   */
  async clear(email: string, source?: string): Promise<void> {
    if (source !== undefined) {
      await this.kv.del(this.key(email, source));
      return;
    }
    for (const { key } of await this.kv.scan(this.prefix(email))) await this.kv.del(key);
  }
}

export class ResendCooldown {
  constructor(private readonly kv: KeyValueStore) {}

  private key(email: string): string {
    return `identity:reset-sent:${sha256Base64url(email)}`;
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
