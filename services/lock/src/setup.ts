/**
 * Builds the lock service from its adapters: the key-value store (Redis with REDIS_URL, else
 * embedded) and the event bus. main.ts calls it with the configured adapters; tests call it with a
 * memory store or a Redis namespace of their own, an in-process bus and, when needed, their clock.
 */
import type { ConnectRouter } from '@connectrpc/connect';
import {
  openEventBus,
  openKeyValueStore,
  type BaseConfig,
  type EventBus,
  type KeyValueStore,
  type Logger,
} from '@tessera/kit';
import { LockStore } from './adapters/lock-store.js';
import { routes, SERVICES } from './routes.js';
import { ExpirySweeper, type SweeperOptions } from './service/expiry-sweeper.js';
import { LockService } from './service/lock-service.js';

export interface LockParts {
  kv: KeyValueStore;
  bus: EventBus;
  logger: Logger;
  now?: () => number;
  sweeper?: SweeperOptions;
  /** Test-only lock lifetime in ms (browser tests of expiry); unset in production. */
  ttlOverrideMs?: number;
}

export interface Lock {
  core: LockService;
  sweeper: ExpirySweeper;
  routes: (router: ConnectRouter) => void;
  services: string[];
  /** Stops the sweeper (the store and bus are the caller's). */
  close(): Promise<void>;
}

export function createLock(parts: LockParts): Lock {
  const store = new LockStore(parts.kv);
  const core = new LockService({
    store,
    bus: parts.bus,
    logger: parts.logger,
    now: parts.now ?? Date.now,
    ttlOverrideMs: parts.ttlOverrideMs,
  });
  const sweeper = new ExpirySweeper(core, store, parts.logger, parts.sweeper);
  sweeper.start();
  return { core, sweeper, routes: routes(core), services: SERVICES, close: () => sweeper.stop() };
}

/** Opens the configured store and bus and builds the service on them (the process's setup). */
export async function setup({ config, logger }: { config: BaseConfig; logger: Logger }) {
  const kv = await openKeyValueStore({ redisUrl: config.redisUrl, logger });
  const bus = await openEventBus({ natsUrl: config.natsUrl, busUrl: config.busUrl, logger, name: 'lock' });
  const ttlOverrideMs = ttlOverrideFromEnv(process.env.LOCK_TTL_MS_OVERRIDE);
  if (ttlOverrideMs !== undefined) logger.warn({ ttlOverrideMs }, 'LOCK_TTL_MS_OVERRIDE is set: test-only lock lifetime');
  const lock = createLock({ kv, bus, logger, ttlOverrideMs });
  return {
    core: lock.core,
    routes: lock.routes,
    services: lock.services,
    async close() {
      await lock.close();
      await bus.close();
      await kv.close();
    },
  };
}

/** LOCK_TTL_MS_OVERRIDE (test-only): whole milliseconds from 1000 to 3600000; anything else stops the start. */
export function ttlOverrideFromEnv(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 1000 || ms > 3_600_000) {
    throw new Error(`LOCK_TTL_MS_OVERRIDE must be an integer between 1000 and 3600000 (got '${raw}')`);
  }
  return ms;
}
