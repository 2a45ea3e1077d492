import type { Logger } from 'pino';
import type { EventBus, KeyValueStore } from '@tessera/kit';
import type { BffConfig } from './config.js';
import type { Peers } from './peers.js';

/** Everything a route module may use; injected so tests can build the app around real or local parts. */
export interface BffDeps {
  logger: Logger;
  config: BffConfig;
  peers: Peers;
  /** Rate limits, OAuth state and other short-lived shared state (Redis with REDIS_URL). */
  kv: KeyValueStore;
  /** Events for the browser's Server-Sent Events stream. */
  bus: EventBus;
  isShuttingDown: () => boolean;
  /** Milliseconds since the epoch (injected for tests). */
  now: () => number;
}
