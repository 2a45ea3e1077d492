/**
 * Counters of new accounts per client address in the key-value port (Redis with REDIS_URL, so every
 * identity replica counts together): one counter per address and window (security/new-accounts.ts
 * decides), created by `incr` with the window's length as TTL. Keys carry a SHA-256 of the address,
 * never the address. The count comes first (atomic), the decision after: concurrent registrations
 * from one address can never pass the limit together.
 */
import { appError, retryAfterSeconds, sha256Base64url, type KeyValueStore } from '@tessera/kit';
import { newAccountLimitMessage } from '@tessera/facts/account';
import {
  decideNewAccount,
  newAccountWindows,
  windowIndex,
  type NewAccountDecision,
  type NewAccountWindow,
} from '../security/new-accounts.js';

/** Kept a minute past its window, so a slow clock between replicas never restarts a counter early. */
const TTL_SLACK_MS = 60_000;

/** An admitted new account: `giveBackOnError(work)` runs the work, giving the place back if it throws. */
export interface NewAccountClaim {
  giveBackOnError<T>(work: () => Promise<T>): Promise<T>;
}

export class NewAccountLimit {
  private readonly windows: NewAccountWindow[];

  constructor(
    private readonly kv: KeyValueStore,
    /** Multiplies every limit (NEW_ACCOUNT_LIMIT_SCALE; tests only). */
    scale = 1,
  ) {
    this.windows = newAccountWindows(scale);
  }

  private key(address: string, w: NewAccountWindow, now: number): string {
    return `identity:new-accounts:${sha256Base64url(address)}:${w.name}:${windowIndex(w, now)}`;
  }

  /**
   * Counts one new account for `address` at `now` and says whether it may be created. '' (no address
   * known: a call that did not come from a browser through the BFF) is not limited.
   */
  async claim(address: string, now: number): Promise<NewAccountDecision> {
    if (address === '') return { allowed: true };
    for (const [i, w] of this.windows.entries()) {
      const count = await this.kv.incr(this.key(address, w, now), { ttlMs: w.ms + TTL_SLACK_MS });
      const d = decideNewAccount(w, count, now);
      if (!d.allowed) return this.longestWait(address, now, this.windows.slice(i + 1), d.retryAfterMs);
    }
    return { allowed: true };
  }

  /** A refusal's wait: until the last of the full windows ends (an address out for the day hears so). */
  private async longestWait(
    address: string,
    now: number,
    later: NewAccountWindow[],
    waitMs: number,
  ): Promise<NewAccountDecision> {
    let wait = waitMs;
    for (const w of later) {
      const d = decideNewAccount(w, Number((await this.kv.get(this.key(address, w, now))) ?? 0) + 1, now);
      if (!d.allowed) wait = Math.max(wait, d.retryAfterMs);
    }
    return { allowed: false, retryAfterMs: wait };
  }

  /**
   * claim, refusing one too many with 429 RATE_LIMIT_EXCEEDED, its wait and the facts' message. The
   * claim it returns gives the place back when the work after it fails (the hashing queue was full, a
   * copy of the registration won): only accounts created, or given up by the server, use a place.
   */
  async admit(address: string, now: number): Promise<NewAccountClaim> {
    const d = await this.claim(address, now);
    if (!d.allowed) {
      const wait = retryAfterSeconds(d.retryAfterMs);
      throw appError('RATE_LIMIT_EXCEEDED', newAccountLimitMessage(wait), { retryAfterSec: wait });
    }
    return {
      giveBackOnError: async (work) => {
        try {
          return await work();
        } catch (err) {
          if (address !== '') {
            for (const w of this.windows) await this.kv.incr(this.key(address, w, now), { by: -1 });
          }
          throw err;
        }
      },
    };
  }
}
