/**
 * Must show (issue 10), against the embedded store and real Redis (REDIS_URL, own key prefix):
 * - 50 clients race for one board over 1,000 rounds and exactly one wins each round; the winner's
 *   fencing token is higher than every earlier one;
 * - a holder asking for a second board gets existing_lock and nothing changes.
 * On Redis the 50 clients are spread over 5 lock-service instances with a connection each (five
 * replicas), so the atomicity under test is the store's, not one process's event loop.
 */
import { openKeyValueStore, type KeyValueStore } from '@tessera/kit';
import { testLogger, uniquePrefix } from '@tessera/kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createLock, type Lock } from '@tessera/lock/testing';
import { deleteKeysWithPrefix } from '../../services/kit/src/kv/test/redis-helpers.js';
import { createInProcessBus, createMemoryKeyValueStore } from '@tessera/embedded';

const REDIS_URL = process.env.REDIS_URL;
const ROUNDS = 1000;
const CLIENTS = 50;

interface Replicas {
  locks: Lock[];
  close(): Promise<void>;
}

async function replicas(stores: KeyValueStore[]): Promise<Replicas> {
  const bus = createInProcessBus();
  const locks = stores.map((kv) => createLock({ kv, bus, logger: testLogger('lock') }));
  return {
    locks,
    async close() {
      for (const l of locks) await l.close();
      await bus.close();
    },
  };
}

function suite(name: string, open: () => Promise<{ stores: KeyValueStore[]; cleanup(): Promise<void> }>) {
  describe(name, () => {
    let cleanup: (() => Promise<void>) | undefined;
    afterAll(async () => cleanup?.());

    it(`${CLIENTS} clients race for one board over ${ROUNDS} rounds: exactly one wins each round`, async () => {
      const { stores, cleanup: c } = await open();
      const r = await replicas(stores);
      cleanup = async () => {
        await r.close();
        await c();
      };
      const clients = Array.from({ length: CLIENTS }, (_, i) => ({
        core: r.locks[i % r.locks.length]!.core,
        userId: `racer-${i}`,
        username: `racer${i}`,
      }));
      let lastFence = 0;
      const wins = new Array<number>(CLIENTS).fill(0);
      for (let round = 0; round < ROUNDS; round++) {
        const results = await Promise.all(
          clients.map((cl) =>
            cl.core.acquire({ canvasIndex: 3, boardIndex: 42, userId: cl.userId, username: cl.username }),
          ),
        );
        const winners = results.flatMap((res, i) => ('lock' in res ? [i] : []));
        expect(winners, `round ${round}`).toHaveLength(1);
        const w = winners[0]!;
        wins[w]!++;
        const lock = (results[w] as { lock: { fencingToken: number; userId: string } }).lock;
        expect(lock.userId).toBe(clients[w]!.userId);
        expect(lock.fencingToken, `round ${round}`).toBeGreaterThan(lastFence);
        lastFence = lock.fencingToken;
        for (const [i, res] of results.entries()) {
          if (i === w) continue;
          expect(res).toMatchObject({
            conflict: { type: 'locked_by_other', existing: { userId: clients[w]!.userId } },
          });
        }
        const released = await clients[w]!.core.release({
          canvasIndex: 3,
          boardIndex: 42,
          userId: clients[w]!.userId,
        });
        expect(released).toBe(true);
      }
      expect(wins.reduce((a, b) => a + b, 0)).toBe(ROUNDS);
      expect(await clients[0]!.core.list(3)).toEqual([]);
    }, 600_000);

    it('a holder asking for a second board gets existing_lock and nothing changes', async () => {
      const { stores, cleanup: c } = await open();
      const r = await replicas(stores);
      try {
        const [one, two] = [r.locks[0]!.core, r.locks[r.locks.length - 1]!.core];
        const held = await one.acquire({ canvasIndex: 0, boardIndex: 7, userId: 'holder', username: 'h' });
        if (!('lock' in held)) throw new Error('first lock refused');
        const before = { list: await one.list(-1), user: await one.userLock('holder') };
        const again = await two.acquire({ canvasIndex: 0, boardIndex: 8, userId: 'holder', username: 'h' });
        expect(again).toEqual({ conflict: { type: 'existing_lock', existing: held.lock } });
        expect({ list: await two.list(-1), user: await two.userLock('holder') }).toEqual(before);
        expect(await two.status(0, 8)).toBeNull();
        // and the refused second board is still free for someone else
        expect(
          await two.acquire({ canvasIndex: 0, boardIndex: 8, userId: 'other', username: 'o' }),
        ).toHaveProperty('lock');
      } finally {
        await r.close();
        await c();
      }
    });
  });
}

suite('embedded store', async () => {
  const kv = createMemoryKeyValueStore();
  return { stores: [kv], cleanup: () => kv.close() };
});

describe.skipIf(!REDIS_URL)('redis', () => {
  suite('redis (5 replicas)', async () => {
    const keyPrefix = `${uniquePrefix('lock-race')}:`;
    const stores = await Promise.all(
      Array.from({ length: 5 }, () =>
        openKeyValueStore({ redisUrl: REDIS_URL, logger: testLogger('kv'), keyPrefix }),
      ),
    );
    return {
      stores,
      async cleanup() {
        for (const s of stores) await s.close();
        await deleteKeysWithPrefix(REDIS_URL!, keyPrefix);
      },
    };
  });
});
