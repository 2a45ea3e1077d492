/**
 * The lock service's business metrics: lock changes by kind (counted where each change is published,
 * LockService.publish) and the locks held now (read from the store's expiry schedule at each scrape).
 */
import type { LockEventKind } from '@tessera/facts/live';
import { counter, gauge } from '@tessera/kit';
import type { LockStore } from '../adapters/lock-store.js';

const KINDS: readonly LockEventKind[] = ['acquired', 'released', 'extended', 'expired', 'warning'];

const changes = counter(
  'tessera_lock_events_total',
  'Lock changes by kind: acquired, released, extended, expired, warning',
  ['kind'],
);
for (const kind of KINDS) changes.inc({ kind }, 0);

export function recordLockEvent(kind: LockEventKind): void {
  changes.inc({ kind });
}

/** The store the held-locks gauge reads (the latest createLock's: one per process). */
let source: { store: LockStore; now: () => number } | undefined;

export function watchLocksHeld(store: LockStore, now: () => number): void {
  source = { store, now };
  gauge('tessera_locks_held', 'Board locks held now (not yet released or expired)', [], async (g) => {
    if (!source) return;
    try {
      g.set(await source.store.held(source.now()));
    } catch {
      // the store is away: this scrape keeps the last value (the service's own errors say why)
    }
  });
}
