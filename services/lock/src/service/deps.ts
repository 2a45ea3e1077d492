import type { EventBus, Logger } from '@tessera/kit';
import type { LockStore } from '../adapters/lock-store.js';

/** What the lock service needs; injected so tests use the embedded store, an in-process bus and a test clock. */
export interface LockDeps {
  store: LockStore;
  bus: EventBus;
  logger: Logger;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** 16 random bytes as hex (the lock id). */
  randomId?: () => string;
  /** Length of a lock minute in ms (default 60000; tests run on shorter minutes). */
  minuteMs?: number;
}
