import type { Logger } from '../log/logger.js';
import { embeddedFor, type EmbeddedLoader } from '../compose/embedded.js';
import type { KeyValueStore } from './port.js';

export * from './port.js';
// The Redis adapter (`./redis.js`) is loaded by openKeyValueStore only when REDIS_URL is set.
export type { RedisKeyValueStore, RedisKeyValueStoreOptions } from './redis.js';
export { KV_ERRORS } from './validate.js';

export interface OpenKeyValueStoreOptions {
  /** Redis URL (REDIS_URL); unset selects the embedded in-process store. */
  redisUrl?: string;
  logger: Logger;
  /** Namespaces every key (tests, multi-tenant deploys). */
  keyPrefix?: string;
  /** Redis only: how long the first connection may take, in ms (default 10000). */
  connectTimeoutMs?: number;
  /** Redis only: deadline of each command, in ms (default 5000). */
  commandTimeoutMs?: number;
  /** The embedded backends, loaded only when `redisUrl` is unset. */
  embedded?: EmbeddedLoader;
}

/**
 * Opens the key-value port selected by configuration: Redis when `redisUrl` is set, else the
 * embedded in-process store of `@tessera/embedded`. Rejects with a clear error when Redis cannot be reached in time.
 */
export async function openKeyValueStore(opts: OpenKeyValueStoreOptions): Promise<KeyValueStore> {
  const log = opts.logger.child({ component: 'kv' });
  if (opts.redisUrl) {
    // loaded only when configured: the redis client is not held by processes that do not use it
    const [{ RedisKeyValueStore }, { describeRedisUrl }] = await Promise.all([
      import('./redis.js'),
      import('./redis-connection.js'),
    ]);
    const store = await RedisKeyValueStore.open({
      url: opts.redisUrl,
      logger: opts.logger,
      keyPrefix: opts.keyPrefix,
      connectTimeoutMs: opts.connectTimeoutMs,
      commandTimeoutMs: opts.commandTimeoutMs,
    });
    log.info({ redis: describeRedisUrl(opts.redisUrl) }, 'key-value store: redis');
    return store;
  }
  const embedded = await embeddedFor(opts.embedded, 'REDIS_URL');
  log.info('key-value store: embedded (in-process)');
  return embedded.keyValueStore({ keyPrefix: opts.keyPrefix, logger: opts.logger });
}
