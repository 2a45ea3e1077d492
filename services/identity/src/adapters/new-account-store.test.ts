/**
 * New accounts per client address, over both key-value adapters: the memory store always, Redis when
 * REDIS_URL is set (a key prefix of its own on the shared server, removed afterwards).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ConnectError } from '@connectrpc/connect';
import { appErrorCode, appErrorRetryAfter, openKeyValueStore } from '@tessera/kit';
import type { KeyValueStore } from '@tessera/kit';
import { testLogger, uniquePrefix } from '@tessera/kit/testing';
import {
  NEW_ACCOUNTS_PER_ADDRESS_PER_DAY as PER_DAY,
  NEW_ACCOUNTS_PER_ADDRESS_PER_HOUR as PER_HOUR,
} from '@tessera/facts/account';
import { NewAccountLimit } from './new-account-store.js';
import { createMemoryKeyValueStore } from '@tessera/embedded';

const HOUR = 60 * 60_000;
/** Ten minutes into a UTC day. */
const DAY_START = Date.UTC(2026, 10, 29);
const T0 = DAY_START + 10 * 60_000;

const REDIS_URL = process.env.REDIS_URL;
const opened: KeyValueStore[] = [];

afterAll(async () => {
  for (const kv of opened) {
    for (const { key } of await kv.scan('identity:')) await kv.del(key);
    await kv.close();
  }
});

function suite(name: string, open: () => Promise<KeyValueStore>, skip = false) {
  describe.skipIf(skip)(`new accounts per address (${name})`, () => {
    async function fresh(): Promise<{ kv: KeyValueStore; limit: NewAccountLimit }> {
      const kv = await open();
      opened.push(kv);
      return { kv, limit: new NewAccountLimit(kv) };
    }

    it(`allows ${PER_HOUR} an hour per address, then refuses until the hour ends; other addresses are not affected`, async () => {
      const { kv, limit } = await fresh();
      for (let i = 0; i < PER_HOUR; i++)
        expect(await limit.claim('203.0.113.1', T0 + i)).toEqual({ allowed: true });
      expect(await limit.claim('203.0.113.1', T0 + 60_000)).toEqual({
        allowed: false,
        retryAfterMs: HOUR - 11 * 60_000,
      });
      expect(await limit.claim('203.0.113.2', T0)).toEqual({ allowed: true });
      // no address in the keys
      expect((await kv.scan('identity:')).some((e) => e.key.includes('203.0.113'))).toBe(false);
    });

    it(`allows ${PER_DAY} a day: the hours after that are refused until the day ends`, async () => {
      const { limit } = await fresh();
      let allowed = 0;
      let last: unknown;
      for (let hour = 0; hour < 4; hour++) {
        for (let i = 0; i < PER_HOUR + 2; i++) {
          const d = await limit.claim('198.51.100.4', T0 + hour * HOUR + i);
          if (d.allowed) allowed++;
          last = d;
        }
      }
      // refused attempts of a full hour do not use up the day
      expect(allowed).toBe(PER_DAY);
      expect(last).toEqual({
        allowed: false,
        retryAfterMs: DAY_START + 24 * HOUR - (T0 + 3 * HOUR + PER_HOUR + 1),
      });
      expect(await limit.claim('198.51.100.4', DAY_START + 24 * HOUR + 1)).toEqual({ allowed: true });
    });

    it('lets exactly the limit through of many concurrent registrations from one address', async () => {
      const { limit } = await fresh();
      const all = await Promise.all(Array.from({ length: 20 }, () => limit.claim('192.0.2.7', T0)));
      expect(all.filter((d) => d.allowed)).toHaveLength(PER_HOUR);
    });

    it('refuses with 429 RATE_LIMIT_EXCEEDED, the wait and a clear message; no address is not limited', async () => {
      const { limit } = await fresh();
      for (let i = 0; i < PER_HOUR; i++) await limit.admit('192.0.2.9', T0);
      const err = await limit.admit('192.0.2.9', T0).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConnectError);
      expect(appErrorCode(err)).toBe('RATE_LIMIT_EXCEEDED');
      expect(appErrorRetryAfter(err)).toBe(50 * 60);
      expect((err as ConnectError).rawMessage).toContain('Please try again in 50 minutes');
      for (let i = 0; i < PER_DAY + 5; i++) await limit.admit('', T0);
    });

    it('gives the place back when the work after the claim fails', async () => {
      const { limit } = await fresh();
      const busy = new Error('the hashing queue is full');
      for (let i = 0; i < PER_HOUR + 2; i++) {
        const claim = await limit.admit('192.0.2.11', T0);
        await expect(claim.giveBackOnError(() => Promise.reject(busy))).rejects.toBe(busy);
      }
      for (let i = 0; i < PER_HOUR; i++) {
        const claim = await limit.admit('192.0.2.11', T0);
        expect(await claim.giveBackOnError(() => Promise.resolve('created'))).toBe('created');
      }
      expect(await limit.claim('192.0.2.11', T0)).toMatchObject({ allowed: false });
    });
  });
}

suite('memory', () => Promise.resolve(createMemoryKeyValueStore()));
suite(
  'redis',
  () =>
    openKeyValueStore({
      redisUrl: REDIS_URL ?? '',
      logger: testLogger('identity'),
      keyPrefix: `${uniquePrefix('identity-new-accounts')}:`,
    }),
  !REDIS_URL,
);
