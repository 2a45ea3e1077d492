import { eventually } from '@tessera/kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockHarness, type LockHarness } from '../test/harness.js';
import { MemoryKeyValueStore } from '@tessera/embedded';

/** One clock for the store's TTLs and the service (both in ms). */
let t = 1_800_000_000_000;
const clock = () => t;
let kv: MemoryKeyValueStore;
let h: LockHarness;

const A = { userId: 'user-a', username: 'alice' };
const B = { userId: 'user-b', username: 'bob' };
const board = (boardIndex: number) => ({ canvasIndex: 0, boardIndex });

beforeEach(async () => {
  kv = new MemoryKeyValueStore({ now: clock, wallClock: clock, sweepIntervalMs: 0 });
  h = await lockHarness(kv, { now: clock });
});
afterEach(async () => {
  await h.close();
  await kv.close();
});

async function take(who: typeof A, boardIndex: number, durationMinutes?: number) {
  const out = await h.core.acquire({ ...board(boardIndex), ...who, durationMinutes });
  if (!('lock' in out)) throw new Error(`expected a lock, got ${out.conflict.type}`);
  return out.lock;
}

describe('LockService', () => {
  it('acquires for 5 minutes by default with a 128-bit id and a fencing token, and says so', async () => {
    const lock = await take(A, 7);
    expect(lock.expiresAtMs - lock.acquiredAtMs).toBe(300_000);
    expect(lock.id).toMatch(/^[0-9a-f]{32}$/);
    expect(lock.fencingToken).toBeGreaterThanOrEqual(t * 1000);
    expect(await kv.ttl('lock:board:0:7')).toBe(300_000);
    await eventually(() => expect(h.events.map((e) => e.subject)).toEqual(['tessera.lock.acquired']));
    expect(h.events[0]!.event).toMatchObject({ boardIndex: 7, userId: 'user-a', username: 'alice' });
  });

  it('a holder asking for a second board gets existing_lock and nothing changes', async () => {
    const first = await take(A, 7);
    const out = await h.core.acquire({ ...board(8), ...A });
    expect(out).toMatchObject({
      conflict: { type: 'existing_lock', existing: { boardIndex: 7, canvasIndex: 0 } },
    });
    expect(await h.core.status(0, 8)).toBeNull();
    expect(await h.core.status(0, 7)).toEqual(first);
    expect(await h.core.userLock('user-a')).toEqual(first);
  });

  it('someone else gets locked_by_other with the holder; the holder asking again gets the same lock', async () => {
    const first = await take(A, 7);
    expect(await h.core.acquire({ ...board(7), ...B })).toEqual({
      conflict: { type: 'locked_by_other', existing: first },
    });
    expect(await take(A, 7)).toEqual(first);
  });

  it('only the holder releases, and a token given must match', async () => {
    const lock = await take(A, 7);
    expect(await h.core.release({ ...board(7), userId: 'user-b' })).toBe(false);
    expect(await h.core.release({ ...board(7), ...A, fencingToken: lock.fencingToken + 1 })).toBe(false);
    expect(await h.core.release({ ...board(6), ...A })).toBe(false);
    expect(await h.core.status(0, 7)).toEqual(lock);
    expect(await h.core.release({ ...board(7), ...A, explicit: true, fencingToken: lock.fencingToken })).toBe(
      true,
    );
    expect(await h.core.status(0, 7)).toBeNull();
    expect(await h.core.userLock('user-a')).toBeNull();
    const again = await take(B, 7);
    expect(again.fencingToken).toBeGreaterThan(lock.fencingToken);
  });

  it('extends by 5 minutes for the holder only, capped at 30 minutes from now', async () => {
    const lock = await take(A, 7);
    t += 60_000;
    expect(await h.core.extend({ ...board(7), ...B })).toBeNull();
    const ext = await h.core.extend({ ...board(7), ...A });
    expect(ext?.expiresAtMs).toBe(lock.expiresAtMs + 300_000);
    expect(ext?.fencingToken).toBe(lock.fencingToken);
    expect(await kv.ttl('lock:board:0:7')).toBe(ext!.expiresAtMs - t);
    for (let i = 0; i < 10; i++) await h.core.extend({ ...board(7), ...A });
    expect((await h.core.status(0, 7))!.expiresAtMs).toBe(t + 30 * 60_000);
  });

  it('expiry is the store TTL: after it the old holder can neither release nor extend, and the next fence is higher', async () => {
    const lock = await take(A, 7, 1);
    t += 60_000;
    expect(await h.core.status(0, 7)).toBeNull();
    expect(await h.core.release({ ...board(7), ...A })).toBe(false);
    expect(await h.core.extend({ ...board(7), ...A })).toBeNull();
    const next = await take(B, 7);
    expect(next.fencingToken).toBeGreaterThan(lock.fencingToken);
    expect(await h.core.validate({ ...board(7), ...A, fencingToken: lock.fencingToken })).toMatchObject({
      valid: false,
    });
    expect(await h.core.validate({ ...board(7), ...B, fencingToken: next.fencingToken })).toMatchObject({
      valid: true,
    });
  });

  it('the sweeper warns 60 s before expiry and reports the expiry once; a released lock reports none', async () => {
    await take(A, 7, 2);
    await take(B, 9, 2);
    expect(await h.core.release({ ...board(9), ...B })).toBe(true);
    t += 59_000;
    expect(await h.sweeper.sweep()).toEqual({ expired: 0, warned: 0 });
    t += 1_000;
    expect(await h.sweeper.sweep()).toEqual({ expired: 0, warned: 1 });
    t += 60_000;
    expect(await h.sweeper.sweep()).toEqual({ expired: 1, warned: 0 });
    expect(await h.sweeper.sweep()).toEqual({ expired: 0, warned: 0 });
    await eventually(() =>
      expect(h.events.map((e) => e.subject)).toEqual([
        'tessera.lock.acquired',
        'tessera.lock.acquired',
        'tessera.lock.released',
        'tessera.lock.warning',
        'tessera.lock.expired',
      ]),
    );
    expect(h.events[4]!.event).toMatchObject({ boardIndex: 7, userId: 'user-a' });
  });

  it('an extended lock neither warns nor expires at its old time', async () => {
    await take(A, 7, 2);
    t += 30_000;
    await h.core.extend({ ...board(7), ...A });
    t += 91_000; // past the old expiry, 4.5 min before the new one
    expect(await h.sweeper.sweep()).toEqual({ expired: 0, warned: 0 });
    t += 240_000;
    expect(await h.sweeper.sweep()).toEqual({ expired: 0, warned: 1 });
  });

  it('lists live locks of a canvas and of all canvases', async () => {
    await take(A, 7);
    await h.core.acquire({ canvasIndex: 1, boardIndex: 3, ...B });
    expect((await h.core.list(0)).map((l) => l.boardIndex)).toEqual([7]);
    expect((await h.core.list(-1)).map((l) => [l.canvasIndex, l.boardIndex])).toEqual([
      [0, 7],
      [1, 3],
    ]);
  });

  it('refuses bad input with the field named', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ canvasIndex: -1, boardIndex: 1 }, 'canvas_index'],
      [{ canvasIndex: 0, boardIndex: 625 }, 'board_index'],
      [{ canvasIndex: 0, boardIndex: 1.5 }, 'board_index'],
      [{ canvasIndex: 0, boardIndex: 1, userId: '' }, 'user_id'],
      [{ canvasIndex: 0, boardIndex: 1, durationMinutes: 31 }, 'duration'],
      [{ canvasIndex: 0, boardIndex: 1, username: 'x'.repeat(65) }, 'username'],
    ];
    for (const [input, field] of cases) {
      await expect(h.core.acquire({ ...A, ...input } as never)).rejects.toMatchObject({
        metadata: expect.anything(),
      });
      try {
        await h.core.acquire({ ...A, ...input } as never);
      } catch (err) {
        expect(String((err as Error).message)).toContain(field);
      }
    }
    expect(await kv.scan('lock:')).toEqual([]);
  });
});
