/**
 * Redis adapter specifics beyond the contract: connection failures, outages (through a TCP proxy
 * that can refuse or stall), script cache loss, key namespacing. Suites needing a server run only
 * when REDIS_URL is set; the ones about an unreachable server always run.
 */
import { Code, ConnectError } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, testLogger, uniquePrefix } from '../testing/index.js';
import { closedPort } from '../testing/ports.js';
import { openKeyValueStore } from './index.js';
import { RedisKeyValueStore } from './redis.js';
import { describeRedisUrl, reconnectDelay } from './redis-connection.js';
import { FlakyProxy, deleteKeysWithPrefix, keysWithPrefix, withRawClient } from './test/redis-helpers.js';

const REDIS_URL = process.env.REDIS_URL;
const logger = testLogger('kv-redis');

const isUnavailable = (err: unknown) => err instanceof ConnectError && err.code === Code.Unavailable;

describe('redis connection helpers', () => {
  it('reconnectDelay grows exponentially from 50 ms, is capped, and adds under 100 ms of jitter', () => {
    expect(reconnectDelay(0, 2000, () => 0)).toBe(50);
    expect(reconnectDelay(3, 2000, () => 0)).toBe(400);
    expect(reconnectDelay(10, 2000, () => 0)).toBe(2000);
    expect(reconnectDelay(10_000, 2000, () => 0.999)).toBe(2099);
  });

  it('describeRedisUrl never shows credentials', () => {
    expect(describeRedisUrl('redis://user:secret@cache.internal:6380/2')).toBe(
      'redis://cache.internal:6380/2',
    );
    expect(describeRedisUrl('rediss://:secret@cache')).toBe('rediss://cache');
    expect(describeRedisUrl('not a url')).toBe('(invalid Redis URL)');
  });
});

describe('openKeyValueStore without a reachable Redis', () => {
  it('fails within its connect timeout with a clear error that hides the password', async () => {
    const port = await closedPort();
    const started = performance.now();
    const err = await openKeyValueStore({
      redisUrl: `redis://user:secret@127.0.0.1:${port}`,
      logger,
      connectTimeoutMs: 400,
    }).catch((e: unknown) => e);
    // the figure is printed; the bound only says it gave up instead of hanging
    const took = performance.now() - started;
    console.log(`Redis unreachable: gave up after ${took.toFixed(0)} ms (connect timeout 400 ms)`);
    expect(took).toBeLessThan(10_000);
    expect(isUnavailable(err)).toBe(true);
    const message = (err as Error).message;
    expect(message).toContain(`Could not connect to Redis at redis://127.0.0.1:${port}`);
    expect(message).toMatch(/ECONNREFUSED/);
    expect(message).not.toContain('secret');
  });

  it('rejects a URL that is not a Redis URL', async () => {
    await expect(openKeyValueStore({ redisUrl: 'http://127.0.0.1:1', logger })).rejects.toThrow(
      /not a usable Redis URL/,
    );
  });
});

describe.skipIf(!REDIS_URL)('RedisKeyValueStore against a real server', () => {
  const url = REDIS_URL ?? '';
  const prefix = `${uniquePrefix('kv-redis')}:`;

  afterAll(async () => {
    await deleteKeysWithPrefix(url, prefix);
    expect(await keysWithPrefix(url, prefix)).toEqual([]);
  });

  it('keyPrefix namespaces every key: stores with different prefixes do not see each other', async () => {
    const a = await openKeyValueStore({ redisUrl: url, logger, keyPrefix: `${prefix}a:` });
    const b = await openKeyValueStore({ redisUrl: url, logger, keyPrefix: `${prefix}b:` });
    try {
      await a.set('board:1', 'from-a');
      await b.set('board:1', 'from-b');
      await a.zadd('expiries', 'x', 1);
      expect(await a.get('board:1')).toBe('from-a');
      expect(await b.get('board:1')).toBe('from-b');
      expect(await a.scan('board:')).toEqual([{ key: 'board:1', value: 'from-a' }]);
      expect(await b.zrangeByScore('expiries', 0, 10)).toEqual([]);
      const raw = await withRawClient(url, (c) => c.mGet([`${prefix}a:board:1`, `${prefix}b:board:1`]));
      expect(raw).toEqual(['from-a', 'from-b']);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('keeps working after the server forgets its scripts (EVALSHA falls back to EVAL)', async () => {
    const kv = await openKeyValueStore({ redisUrl: url, logger, keyPrefix: `${prefix}flush:` });
    try {
      await withRawClient(url, (c) => c.scriptFlush());
      expect(await kv.setAllIfAbsent([{ key: 'l', value: 'v' }], 10_000)).toBe(true);
      await withRawClient(url, (c) => c.scriptFlush());
      expect(await kv.compareAndExtend('l', 'v', 20_000)).toBe(true);
      await withRawClient(url, (c) => c.scriptFlush());
      expect(await kv.incr('n', { ttlMs: 10_000 })).toBe(1);
      await withRawClient(url, (c) => c.scriptFlush());
      expect(await kv.compareAndDelete('l', 'v')).toBe(true);
    } finally {
      await kv.close();
    }
  });

  it('close waits for commands already sent', async () => {
    const kv = await openKeyValueStore({ redisUrl: url, logger, keyPrefix: `${prefix}close:` });
    const writes = Array.from({ length: 20 }, (_, i) => kv.set(`k${i}`, String(i)));
    await kv.close();
    await Promise.all(writes);
    expect((await keysWithPrefix(url, `${prefix}close:`)).length).toBe(20);
  });

  describe('outages (through a proxy)', () => {
    let proxy: FlakyProxy;
    let kv: RedisKeyValueStore;

    beforeAll(async () => {
      const target = new URL(url);
      proxy = await FlakyProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      kv = await RedisKeyValueStore.open({
        url: proxied.toString(),
        logger,
        keyPrefix: `${prefix}proxy:`,
        commandTimeoutMs: 800,
        pingIntervalMs: 200,
        maxReconnectDelayMs: 100,
      });
    });

    afterAll(async () => {
      await kv?.close();
      await proxy?.stop();
    });

    it('while the server is down, calls fail at once with SERVICE_UNAVAILABLE, then recover', async () => {
      await kv.set('k', 'before');
      proxy.mode = 'refuse';
      // The client notices the dropped socket within a tick; from then on calls must not wait.
      await eventually(async () => isUnavailable(await kv.get('k').catch((e: unknown) => e)), 2000, 5);
      const started = performance.now();
      const err = await kv.setIfAbsent('k2', 'v', 1000).catch((e: unknown) => e);
      const took = performance.now() - started;
      console.log(`Redis down: a call failed after ${took.toFixed(1)} ms`);
      expect(isUnavailable(err)).toBe(true);
      expect((err as Error).message).toMatch(
        /^\[unavailable\] Redis is unavailable at redis:\/\/127\.0\.0\.1:\d+/,
      );
      // at once: refused by the offline client, not cut off by the 800 ms deadline
      expect((err as Error).message).not.toMatch(/no reply within/);
      expect(took).toBeLessThan(10_000);

      proxy.mode = 'up';
      expect(await eventually(() => kv.get('k').catch(() => null), 5000, 20)).toBe('before');
    });

    it('a server that stops answering fails calls within the deadline, and the client reconnects', async () => {
      await kv.set('s', 'v');
      proxy.mode = 'stall';
      const started = performance.now();
      const err = await kv.get('s').catch((e: unknown) => e);
      const took = performance.now() - started;
      console.log(`Redis silent: the call failed after ${took.toFixed(0)} ms (deadline 800 ms)`);
      expect(isUnavailable(err)).toBe(true);
      // the deadline ended it (not a dropped connection), and it did not hang
      expect((err as Error).message).toMatch(/no reply within 800 ms/);
      expect(took).toBeLessThan(10_000);
      // New connections are forwarded again; the stalled one is dropped by the idle timeout.
      proxy.mode = 'up';
      expect(await eventually(() => kv.get('s').catch(() => null), 10_000, 50)).toBe('v');
    });
  });
});
