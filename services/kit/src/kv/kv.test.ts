/**
 * Runs the key-value contract against Redis when REDIS_URL is set (each run in a namespace of its
 * own, every key deleted afterwards). The embedded store runs it in services/embedded.
 */
import { afterAll, describe, expect } from 'vitest';
import { testLogger, uniquePrefix } from '../testing/index.js';
import { keyValueContract } from '../contracts/index.js';
import { openKeyValueStore } from './index.js';
import { deleteKeysWithPrefix, keysWithPrefix } from './test/redis-helpers.js';

const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!REDIS_URL)('redis', () => {
  const url = REDIS_URL ?? '';
  const runPrefix = `${uniquePrefix('kv-contract')}:`;
  let stores = 0;

  keyValueContract('redis', async () => {
    // One namespace per opened store, all under this run's prefix.
    const keyPrefix = `${runPrefix}${++stores}:`;
    const kv = await openKeyValueStore({ redisUrl: url, logger: testLogger('kv'), keyPrefix });
    return {
      kv,
      cleanup: async () => {
        await kv.close();
        await deleteKeysWithPrefix(url, keyPrefix);
      },
    };
  });

  afterAll(async () => {
    // Every opened store has cleaned up after itself: nothing of this run is left in Redis.
    expect(await keysWithPrefix(url, runPrefix)).toEqual([]);
  });
});
