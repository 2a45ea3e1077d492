/**
 * Release and extend by the replica that took the lock are one store operation each (the
 * remembered lock is compared directly); a remembered lock that is stale (expired, changed by
 * another replica) never lets a step through: the store's compare refuses it and the board is read.
 */
import { type KeyValueStore } from '@tessera/kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockHarness, type LockHarness } from '../test/harness.js';
import { MemoryKeyValueStore } from '@tessera/embedded';

let t = 1_800_000_000_000;
const clock = () => t;
let kv: MemoryKeyValueStore;
let ops: string[];
let one: LockHarness;
let other: LockHarness;

const A = { userId: 'user-a', username: 'alice' };
const B = { userId: 'user-b', username: 'bob' };
const board7 = { canvasIndex: 0, boardIndex: 7 };

/** The store with every call recorded by method name. */
function counted(store: KeyValueStore): KeyValueStore {
  return new Proxy(store, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver) as unknown;
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        ops.push(String(prop));
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

beforeEach(async () => {
  ops = [];
  kv = new MemoryKeyValueStore({ now: clock, wallClock: clock, sweepIntervalMs: 0 });
  one = await lockHarness(counted(kv), { now: clock });
  other = await lockHarness(kv, { now: clock }); // a second replica on the same store
});
afterEach(async () => {
  await one.close();
  await other.close();
  await kv.close();
});

async function take(h: LockHarness, who: typeof A, durationMinutes?: number) {
  const out = await h.core.acquire({ ...board7, ...who, durationMinutes });
  if (!('lock' in out)) throw new Error(`expected a lock, got ${out.conflict.type}`);
  return out.lock;
}

describe('the lock a replica took', () => {
  it('is extended and released in one store operation each', async () => {
    await take(one, A);
    ops = [];
    t += 1000;
    expect(await one.core.extend({ ...board7, ...A })).not.toBeNull();
    expect(ops).toEqual(['compareAndExtendAll']);
    ops = [];
    expect(await one.core.release({ ...board7, ...A, explicit: true })).toBe(true);
    expect(ops).toEqual(['compareAndDeleteAll']);
    expect(await kv.scan('lock:board:')).toEqual([]);
  });

  it('is only a hint: after another replica extended it, it is read again and still released', async () => {
    await take(one, A);
    t += 1000;
    const extended = await other.core.extend({ ...board7, ...A });
    expect(extended).not.toBeNull();
    ops = [];
    expect(await one.core.release({ ...board7, ...A })).toBe(true);
    expect(ops).toEqual(['compareAndDeleteAll', 'mget', 'compareAndDeleteAll']);
    expect(await other.core.status(0, 7)).toBeNull();
  });

  it('never releases or extends the next holder’s lock once it expired and another user took the board', async () => {
    const old = await take(one, A, 1);
    t += 60_000; // expired in the store
    const next = await take(other, B);
    expect(await one.core.release({ ...board7, ...A })).toBe(false);
    expect(await one.core.extend({ ...board7, ...A })).toBeNull();
    expect(await one.core.release({ ...board7, ...A, fencingToken: old.fencingToken })).toBe(false);
    expect(await other.core.status(0, 7)).toEqual(next);
    // the new holder releases through the replica that remembers the old lock
    expect(await one.core.release({ ...board7, ...B })).toBe(true);
    expect(await other.core.status(0, 7)).toBeNull();
  });
});
