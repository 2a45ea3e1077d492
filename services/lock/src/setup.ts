/**
 * Builds the lock service from its adapters: the key-value store (Redis with REDIS_URL, else
 * embedded) and the event bus. main.ts calls it with the configured adapters; tests call it with a
 * memory store or a Redis namespace of their own, an in-process bus and, when needed, their clock.
 */
import {
  closingInOrder,
  startPeriodic,
  type EventBus,
  type KeyValueStore,
  type Logger,
  type ServiceParts,
  type ServiceSetup,
} from '@tessera/kit';
import { LockStore } from './adapters/lock-store.js';
import { routes, SERVICES } from './routes.js';
import { ExpirySweeper, type SweeperOptions } from './service/expiry-sweeper.js';
import { watchLocksHeld } from './service/metrics.js';
import { LockService } from './service/lock-service.js';
import { MINUTE_MS } from './domain/lock-rules.js';
import type { LockSettings } from './settings.js';

export interface LockParts {
  kv: KeyValueStore;
  bus: EventBus;
  logger: Logger;
  now?: () => number;
  /** Length of a lock minute in ms (LOCK_MINUTE_MS; default 60000). */
  minuteMs?: number;
  sweeper?: SweeperOptions;
}

export interface Lock extends ServiceParts {
  core: LockService;
  sweeper: ExpirySweeper;
  /** Stops the sweeps, after the one under way (the store and bus are the caller's). */
  close(): Promise<void>;
}

export function createLock(parts: LockParts): Lock {
  const store = new LockStore(parts.kv, parts.minuteMs);
  const core = new LockService({
    store,
    bus: parts.bus,
    logger: parts.logger,
    now: parts.now ?? Date.now,
    minuteMs: parts.minuteMs,
  });
  const sweeper = new ExpirySweeper(core, store, parts.sweeper);
  watchLocksHeld(store, parts.now ?? Date.now);
  const sweeps = startPeriodic({
    name: 'lock sweeper pass',
    everyMs: parts.sweeper?.everyMs ?? 500,
    logger: parts.logger,
    run: () => sweeper.sweep(),
  });
  return { core, sweeper, routes: routes(core), services: SERVICES, close: () => sweeps.stop() };
}

/** Opens the configured store and bus and builds the service on them (the process's setup). */
export const setup: ServiceSetup<LockSettings, LockService> = async ({ config, logger, open }) => {
  const kv = await open.keyValueStore();
  const bus = await open.eventBus();
  if (config.lockMinuteMs !== MINUTE_MS)
    logger.warn(
      { lockMinuteMs: config.lockMinuteMs },
      'LOCK_MINUTE_MS is set: lock minutes are shortened (tests only)',
    );
  const lock = createLock({ kv, bus, logger, minuteMs: config.lockMinuteMs });
  return closingInOrder(lock, bus, kv);
};
