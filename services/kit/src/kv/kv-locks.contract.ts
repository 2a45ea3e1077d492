/** Contract part: locks (set-if-absent, compare-and-delete/extend) and their all-or-nothing variants. */
import { describe, expect, it } from 'vitest';
import { sleep } from '../testing/index.js';
import type { ContractContext } from '../contracts/kv-context.js';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

export function registerLockTests({ kv, key }: ContractContext): void {
  describe('set-if-absent', () => {
    it('sets an absent key with its TTL and refuses while it is held', async () => {
      const k = key('lock');
      expect(await kv().setIfAbsent(k, 'owner', 30_000)).toBe(true);
      expect(await kv().setIfAbsent(k, 'intruder', 30_000)).toBe(false);
      expect(await kv().get(k)).toBe('owner');
      const left = await kv().ttl(k);
      expect(left).toBeGreaterThan(20_000);
      expect(left).toBeLessThanOrEqual(30_000);
    });

    it('only one of 50 concurrent callers wins', async () => {
      const k = key('lock-race');
      const wins = await Promise.all(range(50).map((i) => kv().setIfAbsent(k, `caller-${i}`, 30_000)));
      expect(wins.filter(Boolean)).toHaveLength(1);
      expect(await kv().get(k)).toBe(`caller-${wins.indexOf(true)}`);
    });
  });

  describe('compare-and-delete', () => {
    it('refuses the wrong value, deletes on the right one, and is false for a missing key', async () => {
      const k = key('cad');
      await kv().setIfAbsent(k, 'token-a', 30_000);
      expect(await kv().compareAndDelete(k, 'token-b')).toBe(false);
      expect(await kv().compareAndDelete(k, 'token-a ')).toBe(false);
      expect(await kv().get(k)).toBe('token-a');
      expect(await kv().compareAndDelete(k, 'token-a')).toBe(true);
      expect(await kv().get(k)).toBeNull();
      expect(await kv().compareAndDelete(k, 'token-a')).toBe(false);
    });

    it('of 50 concurrent holders with different values only the owner can delete', async () => {
      const k = key('cad-race');
      const wins = await Promise.all(range(50).map((i) => kv().setIfAbsent(k, `holder-${i}`, 30_000)));
      const owner = wins.indexOf(true);
      expect(owner).toBeGreaterThanOrEqual(0);
      const deleted = await Promise.all(range(50).map((i) => kv().compareAndDelete(k, `holder-${i}`)));
      expect(deleted.map((d, i) => (d ? i : -1)).filter((i) => i >= 0)).toEqual([owner]);
      expect(await kv().get(k)).toBeNull();
    });
  });

  describe('compare-and-extend', () => {
    it('extends (and optionally replaces) only for the holder', async () => {
      const k = key('cae');
      await kv().setIfAbsent(k, 'holder', 5_000);
      expect(await kv().compareAndExtend(k, 'someone-else', 60_000)).toBe(false);
      expect(await kv().ttl(k)).toBeLessThanOrEqual(5_000);
      expect(await kv().compareAndExtend(k, 'holder', 60_000)).toBe(true);
      expect(await kv().ttl(k)).toBeGreaterThan(50_000);
      expect(await kv().get(k)).toBe('holder');
      expect(await kv().compareAndExtend(k, 'holder', 90_000, 'holder:v2')).toBe(true);
      expect(await kv().get(k)).toBe('holder:v2');
      expect(await kv().ttl(k)).toBeGreaterThan(80_000);
      expect(await kv().compareAndExtend(k, 'holder', 90_000)).toBe(false);
    });

    it('cannot bring back a missing key', async () => {
      const k = key('cae-missing');
      expect(await kv().compareAndExtend(k, 'anything', 60_000, 'new')).toBe(false);
      expect(await kv().get(k)).toBeNull();
    });
  });

  describe('multi-key, all-or-nothing', () => {
    it('setAllIfAbsent sets every key with the TTL when all are absent', async () => {
      const [board, user] = [key('board'), key('user')];
      const entries = [
        { key: board, value: 'b-token' },
        { key: user, value: 'u-token' },
      ];
      expect(await kv().setAllIfAbsent(entries, 30_000)).toBe(true);
      expect(await kv().mget([board, user])).toEqual(['b-token', 'u-token']);
      for (const k of [board, user]) expect(await kv().ttl(k)).toBeGreaterThan(20_000);
      expect(await kv().setAllIfAbsent(entries, 30_000)).toBe(false);
    });

    it('one present key blocks the whole set and stays untouched', async () => {
      const [a, b, c] = [key('all-a'), key('all-b'), key('all-c')];
      await kv().set(b, 'already');
      const ok = await kv().setAllIfAbsent(
        [
          { key: a, value: '1' },
          { key: b, value: '2' },
          { key: c, value: '3' },
        ],
        30_000,
      );
      expect(ok).toBe(false);
      expect(await kv().mget([a, b, c])).toEqual([null, 'already', null]);
      expect(await kv().ttl(b)).toBe(-1);
    });

    it('50 users racing for one board: one wins both locks, no loser keeps a user lock', async () => {
      const board = key('race-board');
      const users = range(50).map(() => key('race-user'));
      const wins = await Promise.all(
        users.map((u, i) =>
          kv().setAllIfAbsent(
            [
              { key: board, value: `user-${i}` },
              { key: u, value: board },
            ],
            30_000,
          ),
        ),
      );
      expect(wins.filter(Boolean)).toHaveLength(1);
      const winner = wins.indexOf(true);
      expect(await kv().get(board)).toBe(`user-${winner}`);
      const userLocks = await kv().mget(users);
      expect(userLocks.map((v, i) => (v === null ? -1 : i)).filter((i) => i >= 0)).toEqual([winner]);
    });

    it('compareAndDeleteAll deletes nothing unless every key matches', async () => {
      const [a, b] = [key('cada-a'), key('cada-b')];
      await kv().set(a, 'A');
      await kv().set(b, 'B');
      const both = (ea: string, eb: string) =>
        kv().compareAndDeleteAll([
          { key: a, expected: ea },
          { key: b, expected: eb },
        ]);
      expect(await both('A', 'wrong')).toBe(false);
      expect(await both('wrong', 'B')).toBe(false);
      expect(await kv().mget([a, b])).toEqual(['A', 'B']);
      expect(
        await kv().compareAndDeleteAll([
          { key: a, expected: 'A' },
          { key: key('cada-missing'), expected: 'X' },
        ]),
      ).toBe(false);
      expect(await kv().get(a)).toBe('A');
      expect(await both('A', 'B')).toBe(true);
      expect(await kv().mget([a, b])).toEqual([null, null]);
    });

    it('compareAndExtendAll extends nothing unless every key matches', async () => {
      const [a, b] = [key('caea-a'), key('caea-b')];
      await kv().set(a, 'A', { ttlMs: 5_000 });
      await kv().set(b, 'B', { ttlMs: 5_000 });
      const partial = await kv().compareAndExtendAll(
        [
          { key: a, expected: 'A', newValue: 'A2' },
          { key: b, expected: 'not-B', newValue: 'B2' },
        ],
        60_000,
      );
      expect(partial).toBe(false);
      expect(await kv().mget([a, b])).toEqual(['A', 'B']);
      for (const k of [a, b]) expect(await kv().ttl(k)).toBeLessThanOrEqual(5_000);

      const full = await kv().compareAndExtendAll(
        [
          { key: a, expected: 'A', newValue: 'A2' },
          { key: b, expected: 'B' },
        ],
        60_000,
      );
      expect(full).toBe(true);
      expect(await kv().mget([a, b])).toEqual(['A2', 'B']);
      for (const k of [a, b]) expect(await kv().ttl(k)).toBeGreaterThan(50_000);
    });
  });

  describe('fenced set-if-absent (one lock per board and per user, with a fence)', () => {
    it('sets every key with the TTL and returns a fence stored under the fence key', async () => {
      const [board, user, fence] = [key('fb-board'), key('fb-user'), key('fb-fence')];
      const before = Date.now() * 1000;
      const f = await kv().setAllIfAbsentFenced(
        [
          { key: board, value: 'b' },
          { key: user, value: 'u' },
        ],
        30_000,
        fence,
      );
      expect(f).not.toBeNull();
      expect(Number.isSafeInteger(f)).toBe(true);
      // the store's clock in microseconds (same machine; a generous margin for clock reading)
      expect(f!).toBeGreaterThan(before - 5_000_000);
      expect(await kv().get(fence)).toBe(String(f));
      expect(await kv().ttl(fence)).toBe(-1);
      expect(await kv().mget([board, user])).toEqual(['b', 'u']);
      expect(await kv().ttl(board)).toBeGreaterThan(20_000);
    });

    it('one present key refuses the whole step: no key, no fence changes', async () => {
      const [board, user, fence] = [key('fr-board'), key('fr-user'), key('fr-fence')];
      await kv().set(user, 'held elsewhere', { ttlMs: 30_000 });
      const first = await kv().setAllIfAbsentFenced([{ key: key('fr-other'), value: 'x' }], 30_000, fence);
      const refused = await kv().setAllIfAbsentFenced(
        [
          { key: board, value: 'b' },
          { key: user, value: 'u' },
        ],
        30_000,
        fence,
      );
      expect(refused).toBeNull();
      expect(await kv().get(board)).toBeNull();
      expect(await kv().get(user)).toBe('held elsewhere');
      expect(await kv().get(fence)).toBe(String(first));
    });

    it('fences strictly increase over 200 acquire/release cycles, and after the store forgets them', async () => {
      const [board, fence] = [key('fi-board'), key('fi-fence')];
      let last = 0;
      for (let i = 0; i < 200; i++) {
        const f = await kv().setAllIfAbsentFenced([{ key: board, value: `v${i}` }], 30_000, fence);
        expect(f).not.toBeNull();
        expect(f!).toBeGreaterThan(last);
        last = f!;
        expect(await kv().compareAndDelete(board, `v${i}`)).toBe(true);
      }
      // A store restarted empty has neither the lock nor the fence: the clock term still wins (a
      // restart takes far longer than the 2 ms waited here; fences come at most one per microsecond).
      await sleep(2);
      await kv().del(fence);
      const after = await kv().setAllIfAbsentFenced([{ key: board, value: 'again' }], 30_000, fence);
      expect(after!).toBeGreaterThan(last);
    });

    it('a stored fence ahead of the clock still grows: max(last + 1, clock), not the clock alone', async () => {
      // A fence handed out by a store whose clock ran ahead (or a clock that stepped back after an
      // NTP correction) sits above today's clock; the next fence must still be larger, or a stale
      // holder's token would outrank the new one at the canvas.
      const [board, fence] = [key('fa-board'), key('fa-fence')];
      const ahead = (Date.now() + 3_600_000) * 1000; // an hour ahead, in microseconds
      await kv().set(fence, String(ahead));
      const first = await kv().setAllIfAbsentFenced([{ key: board, value: 'a' }], 30_000, fence);
      expect(first).toBe(ahead + 1);
      expect(await kv().compareAndDelete(board, 'a')).toBe(true);
      const second = await kv().setAllIfAbsentFenced([{ key: board, value: 'b' }], 30_000, fence);
      expect(second).toBe(ahead + 2);
      expect(await kv().get(fence)).toBe(String(ahead + 2));
    });

    it('only one of 50 concurrent callers wins, and the fence is its', async () => {
      const [board, fence] = [key('fc-board'), key('fc-fence')];
      const results = await Promise.all(
        range(50).map((i) =>
          kv().setAllIfAbsentFenced(
            [
              { key: board, value: `c${i}` },
              { key: `${board}:user:${i}`, value: `c${i}` },
            ],
            30_000,
            fence,
          ),
        ),
      );
      const winners = results.map((r, i) => (r === null ? -1 : i)).filter((i) => i >= 0);
      expect(winners).toHaveLength(1);
      expect(await kv().get(board)).toBe(`c${winners[0]}`);
      expect(await kv().get(fence)).toBe(String(results[winners[0]!]));
    });
  });
}
