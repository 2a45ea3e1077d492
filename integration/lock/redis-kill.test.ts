/**
 * Must show (issue 10): Redis killed with SIGKILL and restarted EMPTY during edits, and no pixel is
 * ever reserved or sold to two orders. Runs its own redis-server on a spare port (never the shared
 * one), without persistence, so every restart loses every lock and every fencing counter.
 *
 * Each cycle: the holder takes the board and reserves pixels (some of them reserved by an earlier
 * holder); Redis is SIGKILLed and restarted empty; the holder's next reserve is refused (its lock is
 * gone); the next user takes the board with a HIGHER fencing token (Redis TIME in the token) and
 * reserves overlapping pixels; the old holder's paid commit is refused; the new holder's commit
 * sells. After every step the board's live reservations are disjoint, and at the end each sold pixel
 * belongs to exactly one committed order.
 */
import { ConnectError } from '@connectrpc/connect';
import { openKeyValueStore, type KeyValueStore } from '@tessera/kit';
import { sleep, testLogger } from '@tessera/kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { startLockStack, type LockStack } from './stack.js';
import { portFree } from '../../scripts/lib/launch-stack.mjs';
import { redisServerBinary, startRedisServer, type RedisServer } from '../../testing/redis-server.mjs';

const PORT = Number(process.env.LOCK_TEST_REDIS_PORT ?? 26390);
const HAS_REDIS = redisServerBinary() !== null;
if (!HAS_REDIS) console.warn('redis-kill.test.ts skipped: redis-server is not installed');

const CYCLES = 6;
const BOARD = 21;

/** The test's own redis-server (testing/redis-server.mjs: no persistence, loopback only). */
async function startRedis(): Promise<RedisServer> {
  const server = await startRedisServer(PORT);
  if (!server) throw new Error('redis-server is not installed');
  return server;
}

describe.skipIf(!HAS_REDIS)(`Redis SIGKILLed and restarted empty (own redis-server on :${PORT})`, () => {
  let redis: RedisServer | undefined;
  let kv: KeyValueStore | undefined;
  let s: LockStack | undefined;
  afterAll(async () => {
    await s?.close();
    await kv?.close();
    await redis?.kill();
  });

  it('no pixel is ever reserved or sold to two orders, and fencing tokens keep increasing', async () => {
    expect(await portFree(PORT), `port ${PORT} is taken; set LOCK_TEST_REDIS_PORT`).toBe(true);
    redis = await startRedis();
    kv = await openKeyValueStore({
      redisUrl: `redis://127.0.0.1:${PORT}`,
      logger: testLogger('kv'),
      commandTimeoutMs: 2000,
    });
    s = await startLockStack(kv);
    const st = s;
    const c = st.canvasIndex;
    const soldTo = new Map<number, string>(); // offset -> order id

    const expectDisjointHolds = async () => {
      const doc = await st.canvasCore.getBoardDoc(c, BOARD);
      const seen = new Map<number, string>();
      for (const r of doc.reservations.filter((x) => x.expiresAt > Date.now())) {
        for (const p of r.pixels) {
          expect(
            seen.get(p.offset),
            `pixel ${p.offset} held by ${seen.get(p.offset)} and ${r.orderId}`,
          ).toBeUndefined();
          seen.set(p.offset, r.orderId);
        }
      }
    };
    /** Retries a call while the lock service's Redis connection comes back. */
    const retry = async <T>(fn: () => Promise<T>): Promise<T> => {
      for (let i = 0; ; i++) {
        try {
          return await fn();
        } catch (err) {
          if (i > 100 || !(err instanceof ConnectError) || err.code !== 14) throw err; // 14: unavailable
          await sleep(100);
        }
      }
    };
    const take = async (userId: string) => {
      const out = await retry(() =>
        st.lockRpc.acquireLock({
          canvasIndex: c,
          boardIndex: BOARD,
          userId,
          username: userId,
          durationMinutes: 30,
        }),
      );
      if (out.result.case !== 'lock') throw new Error(`${userId} could not take the board`);
      return out.result.value.fencingToken;
    };
    // pixels of cycle k: a window that overlaps the previous cycle's held (unsold) pixels
    const pixelsOf = (k: number) =>
      [0, 1, 2, 3]
        .map((i) => ({ x: 2 * k + i, y: 5, isDefault: true }))
        .filter((p) => !soldTo.has(p.y * 49 + p.x));

    let fence = await take('editor-0');
    let lastFence = fence;
    await st.canvasRpc.reservePixels({
      orderId: 'order-0',
      userId: 'editor-0',
      canvasIndex: c,
      boardIndex: BOARD,
      fencingToken: fence,
      pixels: pixelsOf(0),
    });
    for (let k = 1; k <= CYCLES; k++) {
      const old = `editor-${k - 1}`;
      const next = `editor-${k}`;
      // Redis dies during the edit and comes back with nothing
      await redis.kill();
      redis = await startRedis();
      // the old holder's lock is gone: its next reserve is refused
      const stale = await retry(() =>
        st.canvasRpc
          .reservePixels({
            orderId: `order-${k - 1}-more`,
            userId: old,
            canvasIndex: c,
            boardIndex: BOARD,
            fencingToken: fence,
            pixels: [{ x: 40, y: 40, isDefault: true }],
          })
          .then(
            () => 'reserved',
            (err: unknown) => {
              if (err instanceof ConnectError && err.code === 14) throw err;
              return err instanceof ConnectError ? err.code : 'error';
            },
          ),
      );
      expect(stale, `cycle ${k}: stale reserve`).toBe(9); // FAILED_PRECONDITION (LOCK_CONFLICT)
      fence = await take(next);
      expect(fence, `cycle ${k}: fence after an empty restart`).toBeGreaterThan(lastFence);
      lastFence = fence;
      await st.canvasRpc.reservePixels({
        orderId: `order-${k}`,
        userId: next,
        canvasIndex: c,
        boardIndex: BOARD,
        fencingToken: fence,
        pixels: pixelsOf(k),
      });
      expect(pixelsOf(k).length).toBeGreaterThan(0);
      await expectDisjointHolds();
      // the old holder's payment arrives now: refused, never selling the new holder's pixels
      const late = await st.canvasRpc
        .commitOrder({ orderId: `order-${k - 1}`, canvasIndex: c, boardIndex: BOARD })
        .then(
          () => 'committed',
          (err: unknown) => (err instanceof ConnectError ? err.code : 'error'),
        );
      // (an order already granted answers its repeat as already committed, changing nothing)
      const prevSold = [...soldTo.values()].includes(`order-${k - 1}`);
      expect(late, `cycle ${k}: late commit`).toBe(prevSold ? 'committed' : 9);
      await expectDisjointHolds();
      // every other cycle the new holder pays at once (the next cycle then overlaps sold pixels too)
      if (k % 2 === 0) {
        const mine = pixelsOf(k);
        await st.canvasRpc.commitOrder({ orderId: `order-${k}`, canvasIndex: c, boardIndex: BOARD });
        for (const p of mine) soldTo.set(p.y * 49 + p.x, `order-${k}`);
      }
    }
    const doc = await st.canvasCore.getBoardDoc(c, BOARD);
    const owners = new Map<number, string>();
    doc.owners.forEach((o, i) => o !== null && owners.set(i, o));
    expect([...owners.keys()].sort()).toEqual([...soldTo.keys()].sort());
    for (const [offset, order] of soldTo)
      expect(owners.get(offset)).toBe(`editor-${order.slice('order-'.length)}`);
    expect([...doc.committedOrders].sort()).toEqual([...new Set(soldTo.values())].sort());
  }, 180_000);
});
