/**
 * Must show (issue 10): a holder paused past its TTL cannot release, extend, reserve or commit after
 * another user took the board. The holder is its own OS process (holder-client.mjs) talking to the
 * real lock and canvas servers; it takes the board and reserves two pixels, is SIGSTOPped until its
 * lock has expired (lock minutes of 400 ms, so a 1-minute lock lives 400 ms) and another user has
 * taken the board and reserved one of those pixels, then SIGCONTinued to try everything with its
 * old lock. Run against the embedded store and real Redis (REDIS_URL, own key prefix).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Code } from '@connectrpc/connect';
import { openKeyValueStore, type KeyValueStore } from '@tessera/kit';
import { eventually, testLogger, uniquePrefix } from '@tessera/kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteKeysWithPrefix } from '../../services/kit/src/kv/test/redis-helpers.js';
import { startLockStack, type LockStack } from './stack.js';
import { createMemoryKeyValueStore } from '@tessera/embedded';

const REDIS_URL = process.env.REDIS_URL;
const HERE = path.dirname(fileURLToPath(import.meta.url));
const BOARD = 11;

function startHolder(s: LockStack, userId: string) {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(HERE, 'holder-client.mjs'),
      s.lockServer.url,
      s.canvasServer.url,
      String(s.canvasIndex),
      String(BOARD),
      userId,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = readline.createInterface({ input: child.stdout! });
  const queue: Record<string, unknown>[] = [];
  const waiters: ((v: Record<string, unknown>) => void)[] = [];
  lines.on('line', (line) => {
    const msg = JSON.parse(line) as Record<string, unknown>;
    const w = waiters.shift();
    if (w) w(msg);
    else queue.push(msg);
  });
  const next = () =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const q = queue.shift();
      if (q) return resolve(q);
      waiters.push(resolve);
      child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
    });
  return { child, next };
}

function suite(name: string, open: () => Promise<{ kv: KeyValueStore; cleanup(): Promise<void> }>) {
  describe(name, () => {
    let done: (() => Promise<void>) | undefined;
    afterEach(async () => done?.());

    it('a holder paused past its TTL cannot release, extend, reserve or commit after another user took the board', async () => {
      const { kv, cleanup } = await open();
      const s = await startLockStack(kv, { minuteMs: 400 });
      const holder = startHolder(s, 'paused-a');
      done = async () => {
        if (holder.child.exitCode === null) holder.child.kill('SIGKILL');
        await s.close();
        await cleanup();
      };
      const c = s.canvasIndex;
      const locked = await holder.next();
      expect(locked.event).toBe('locked');
      const aFence = locked.fencingToken as number;

      holder.child.kill('SIGSTOP');
      // the store ends the lock (its TTL), not anyone's clock
      await eventually(
        async () =>
          expect((await s.lockRpc.getLockStatus({ canvasIndex: c, boardIndex: BOARD })).lock).toBeUndefined(),
        10_000,
      );
      const b = await s.lockRpc.acquireLock({
        canvasIndex: c,
        boardIndex: BOARD,
        userId: 'taker-b',
        username: 'b',
        durationMinutes: 30,
      });
      if (b.result.case !== 'lock') throw new Error('B could not take the free board');
      const bFence = b.result.value.fencingToken;
      expect(bFence).toBeGreaterThan(aFence);
      await s.canvasRpc.reservePixels({
        orderId: 'taker-b-o1',
        userId: 'taker-b',
        canvasIndex: c,
        boardIndex: BOARD,
        fencingToken: bFence,
        pixels: [{ x: 1, y: 1, isDefault: true }],
      });

      holder.child.kill('SIGCONT');
      holder.child.stdin!.write('go\n');
      const results = await holder.next();
      expect(results).toEqual({
        event: 'results',
        released: false,
        extended: false,
        reserve: Code.FailedPrecondition, // LOCK_CONFLICT
        commit: Code.FailedPrecondition, // LOCK_CONFLICT: another user holds the board now
      });

      // B still holds the board with its token; B's order sells; A's pixels were never sold to A
      const v = await s.lockRpc.validateLock({
        canvasIndex: c,
        boardIndex: BOARD,
        userId: 'taker-b',
        fencingToken: bFence,
      });
      expect(v.valid).toBe(true);
      await s.canvasRpc.commitOrder({ orderId: 'taker-b-o1', canvasIndex: c, boardIndex: BOARD });
      const doc = await s.canvasCore.getBoardDoc(c, BOARD);
      expect(doc.owners[1 * 49 + 1]).toBe('taker-b');
      expect(doc.owners[2 * 49 + 2]).toBeNull();
      expect(doc.committedOrders).toEqual(['taker-b-o1']);
      expect(doc.reservations).toEqual([]);
    }, 60_000);
  });
}

suite('embedded store', async () => {
  const kv = createMemoryKeyValueStore();
  return { kv, cleanup: () => kv.close() };
});

describe.skipIf(!REDIS_URL)('redis', () => {
  suite('redis', async () => {
    const keyPrefix = `${uniquePrefix('lock-pause')}:`;
    const kv = await openKeyValueStore({ redisUrl: REDIS_URL, logger: testLogger('kv'), keyPrefix });
    return {
      kv,
      async cleanup() {
        await kv.close();
        await deleteKeysWithPrefix(REDIS_URL!, keyPrefix);
      },
    };
  });
});
