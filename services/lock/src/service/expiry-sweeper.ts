/**
 * Publishes `tessera.lock.expired` and `tessera.lock.warning` (60 s before expiry). Keyspace
 * notifications are not available on every adapter, so each lock is scheduled in two sorted sets
 * when it is taken or extended (score = when to look) and this sweeper looks at what is due:
 * - a due warning whose lock is still exactly that lock is published, once (the entry is claimed by
 *   ZREM, so of several replicas only one publishes);
 * - a due expiry whose lock is gone (or replaced by someone else's) is claimed and published; while
 *   the store still has it (its TTL, the store's clock, is a little behind ours) it stays scheduled.
 * Release and extend remove their entries, so a released lock never reports an expiry.
 */
import { EXPIRY_SCHEDULE, WARNING_SCHEDULE, type LockStore } from '../adapters/lock-store.js';
import { decodeLock } from '../domain/lock-record.js';
import type { LockService } from './lock-service.js';

export interface SweeperOptions {
  /** How often to look, in ms (default 500). */
  everyMs?: number;
  /** At most this many entries of each schedule per pass (default 200). */
  batch?: number;
}

/** The sweep itself; setup.ts runs it every `everyMs` with the kit's startPeriodic. */
export class ExpirySweeper {
  constructor(
    private readonly service: LockService,
    private readonly store: LockStore,
    private readonly opts: SweeperOptions = {},
  ) {}

  /** Looks at every due entry once; returns what it published (for tests). */
  async sweep(): Promise<{ expired: number; warned: number }> {
    const now = this.service.deps.now();
    const { expiries, warnings } = await this.store.due(now, this.opts.batch ?? 200);
    let warned = 0;
    let expired = 0;
    for (const member of warnings) {
      const record = decodeLock(member);
      if (!(await this.store.claim(WARNING_SCHEDULE, member))) continue;
      if (record && (await this.store.holds(record, member))) {
        await this.service.publish('warning', record);
        warned++;
      }
    }
    for (const member of expiries) {
      const record = decodeLock(member);
      if (!record) {
        await this.store.claim(EXPIRY_SCHEDULE, member);
        continue;
      }
      if (await this.store.holds(record, member)) continue; // the store has not expired it yet
      if (!(await this.store.claim(EXPIRY_SCHEDULE, member))) continue;
      const current = await this.store.board(record.canvasIndex, record.boardIndex);
      if (current?.id === record.id) continue; // extended meanwhile: not an expiry
      await this.service.publish('expired', record);
      expired++;
    }
    return { expired, warned };
  }
}
