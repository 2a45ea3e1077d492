/**
 * Contract part: sorted-set changes made in the same atomic step as a conditional write (port.ts,
 * SortedSetChanges): applied exactly when the write succeeds, never when it is refused, and a key of
 * the wrong type refuses the whole step before anything changed.
 */
import { describe, expect, it } from 'vitest';
import type { ContractContext } from '../contracts/kv-context.js';

export function registerChangesTests({ kv, key }: ContractContext): void {
  describe('sorted-set changes with a conditional write', () => {
    it('setAllIfAbsentFenced adds and removes members only when it sets the keys', async () => {
      const [board, user, fence, sched, old] = ['b', 'u', 'f', 'sched', 'old'].map(key) as [
        string,
        string,
        string,
        string,
        string,
      ];
      await kv().zadd(old, 'stale', 1);
      const also = {
        zadd: [{ key: sched, member: 'rec-1', score: 500 }],
        zrem: [{ key: old, member: 'stale' }],
      };
      const fenceNo = await kv().setAllIfAbsentFenced(
        [
          { key: board, value: 'rec-1' },
          { key: user, value: 'rec-1' },
        ],
        30_000,
        fence,
        also,
      );
      expect(fenceNo).not.toBeNull();
      expect(await kv().zrangeByScore(sched, 0, 1000)).toEqual([{ member: 'rec-1', score: 500 }]);
      expect(await kv().zrangeByScore(old, 0, 1000)).toEqual([]);
      // refused (the board is held): the changes are not made
      const refused = await kv().setAllIfAbsentFenced([{ key: board, value: 'rec-2' }], 30_000, fence, {
        zadd: [{ key: sched, member: 'rec-2', score: 600 }],
      });
      expect(refused).toBeNull();
      expect(await kv().zrangeByScore(sched, 0, 1000)).toEqual([{ member: 'rec-1', score: 500 }]);
    });

    it('compareAndDeleteAll removes the members only with the keys', async () => {
      const [a, b, sched] = ['a', 'b', 'sched'].map(key) as [string, string, string];
      await kv().set(a, 'x', { ttlMs: 30_000 });
      await kv().set(b, 'x', { ttlMs: 30_000 });
      await kv().zadd(sched, 'x', 10);
      await kv().zadd(sched, 'y', 20);
      const also = { zrem: [{ key: sched, member: 'x' }] };
      expect(
        await kv().compareAndDeleteAll(
          [
            { key: a, expected: 'x' },
            { key: b, expected: 'other' },
          ],
          also,
        ),
      ).toBe(false);
      expect((await kv().zrangeByScore(sched, 0, 100)).map((m) => m.member)).toEqual(['x', 'y']);
      expect(
        await kv().compareAndDeleteAll(
          [
            { key: a, expected: 'x' },
            { key: b, expected: 'x' },
          ],
          also,
        ),
      ).toBe(true);
      expect(await kv().mget([a, b])).toEqual([null, null]);
      expect((await kv().zrangeByScore(sched, 0, 100)).map((m) => m.member)).toEqual(['y']);
    });

    it('compareAndExtendAll moves a member with the extension, and not without it', async () => {
      const [a, sched] = ['a', 'sched'].map(key) as [string, string];
      await kv().set(a, 'v1', { ttlMs: 30_000 });
      await kv().zadd(sched, 'v1', 100);
      const also = { zrem: [{ key: sched, member: 'v1' }], zadd: [{ key: sched, member: 'v2', score: 200 }] };
      expect(
        await kv().compareAndExtendAll([{ key: a, expected: 'nope', newValue: 'v2' }], 60_000, also),
      ).toBe(false);
      expect(await kv().zrangeByScore(sched, 0, 1000)).toEqual([{ member: 'v1', score: 100 }]);
      expect(await kv().compareAndExtendAll([{ key: a, expected: 'v1', newValue: 'v2' }], 60_000, also)).toBe(
        true,
      );
      expect(await kv().get(a)).toBe('v2');
      expect(await kv().zrangeByScore(sched, 0, 1000)).toEqual([{ member: 'v2', score: 200 }]);
    });

    it('a sorted-set key holding a string refuses the whole step and changes nothing', async () => {
      const [a, notZset, fence] = ['a', 'str', 'f'].map(key) as [string, string, string];
      await kv().set(notZset, 'plain');
      await expect(
        kv().setAllIfAbsentFenced([{ key: a, value: 'v' }], 30_000, fence, {
          zadd: [{ key: notZset, member: 'm', score: 1 }],
        }),
      ).rejects.toThrow(/WRONGTYPE/);
      expect(await kv().get(a)).toBeNull();
      expect(await kv().get(fence)).toBeNull();
      await kv().set(a, 'v', { ttlMs: 30_000 });
      await expect(
        kv().compareAndDeleteAll([{ key: a, expected: 'v' }], { zrem: [{ key: notZset, member: 'm' }] }),
      ).rejects.toThrow(/WRONGTYPE/);
      expect(await kv().get(a)).toBe('v');
    });

    it('refuses malformed changes before touching the store', async () => {
      const a = key('a');
      await expect(
        kv().setAllIfAbsentFenced([{ key: a, value: 'v' }], 30_000, key('f'), {
          zadd: [{ key: key('s'), member: 'm', score: Number.NaN }],
        }),
      ).rejects.toThrow(RangeError);
      expect(await kv().get(a)).toBeNull();
    });
  });
}
