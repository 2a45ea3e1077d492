/**
 * The key-value contract: one suite that every adapter of the port must pass (embedded and Redis).
 * Timing checks never assume exact milliseconds: a key may only be reported gone once its TTL has
 * elapsed since the write started, and must be gone within a generous margin after that.
 */
import { describe, expect, it } from 'vitest';
import { sleep } from '../testing/index.js';
import type { ContractContext } from '../contracts/kv-context.js';

export function registerBasicTests({ kv, key, open }: ContractContext): void {
  describe('strings', () => {
    it('get, set, overwrite and del', async () => {
      const k = key('basic');
      expect(await kv().get(k)).toBeNull();
      await kv().set(k, 'one');
      expect(await kv().get(k)).toBe('one');
      await kv().set(k, 'two');
      expect(await kv().get(k)).toBe('two');
      expect(await kv().del(k)).toBe(true);
      expect(await kv().del(k)).toBe(false);
      expect(await kv().get(k)).toBeNull();
    });

    it('keeps empty and unicode strings exactly', async () => {
      const a = key('empty');
      const b = key('unicode');
      await kv().set(a, '');
      await kv().set(b, 'héllo 🧩 \u0000 end');
      expect(await kv().get(a)).toBe('');
      expect(await kv().get(b)).toBe('héllo 🧩 \u0000 end');
    });

    it('mget answers in order with null for missing keys', async () => {
      const [a, b, c] = [key('mget'), key('mget'), key('mget')];
      await kv().set(a, 'A');
      await kv().set(c, 'C');
      expect(await kv().mget([a, b, c, a])).toEqual(['A', null, 'C', 'A']);
      expect(await kv().mget([])).toEqual([]);
    });

    it('ttl is null for a missing key, -1 without expiry, the remaining ms with one', async () => {
      const k = key('ttl');
      expect(await kv().ttl(k)).toBeNull();
      await kv().set(k, 'v');
      expect(await kv().ttl(k)).toBe(-1);
      await kv().set(k, 'v', { ttlMs: 60_000 });
      const left = await kv().ttl(k);
      expect(left).toBeGreaterThan(50_000);
      expect(left).toBeLessThanOrEqual(60_000);
      // A plain set replaces the value and drops the expiry, as Redis SET does.
      await kv().set(k, 'w');
      expect(await kv().ttl(k)).toBe(-1);
    });

    it('rejects bad input without storing anything', async () => {
      const k = key('bad');
      for (const ttlMs of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
        await expect(kv().set(k, 'v', { ttlMs })).rejects.toThrow(RangeError);
        await expect(kv().setIfAbsent(k, 'v', ttlMs)).rejects.toThrow(RangeError);
      }
      await expect(kv().set('', 'v')).rejects.toThrow(TypeError);
      await expect(kv().set(k, 42 as unknown as string)).rejects.toThrow(TypeError);
      await expect(kv().setAllIfAbsent([], 1000)).rejects.toThrow(RangeError);
      // each entry of the all-or-nothing writes is checked before anything is written
      const bad = <T>(entry: T) => [{ key: k, value: 'v', expected: 'v' }, entry] as never;
      await expect(kv().setAllIfAbsent(bad({ key: '', value: 'v' }), 1000)).rejects.toThrow(TypeError);
      await expect(kv().setAllIfAbsent(bad({ key: 'x', value: 1 }), 1000)).rejects.toThrow(TypeError);
      await expect(kv().setAllIfAbsentFenced(bad(null), 1000, key('fence'))).rejects.toThrow(TypeError);
      await expect(kv().compareAndDeleteAll(bad({ key: 'x' }))).rejects.toThrow(TypeError);
      await expect(
        kv().compareAndExtendAll(bad({ key: 'x', expected: 'v', newValue: 2 }), 1000),
      ).rejects.toThrow(TypeError);
      await expect(kv().incr(k, { by: 1.5 })).rejects.toThrow(RangeError);
      await expect(kv().zadd(k, 'm', Number.NaN)).rejects.toThrow(RangeError);
      await expect(kv().zrangeByScore(k, 0, 1, -1)).rejects.toThrow(RangeError);
      expect(await kv().get(k)).toBeNull();
    });

    it('a closed store rejects every call with a clear error', async () => {
      const extra = await open();
      try {
        await extra.kv.set('closing', 'v');
        await extra.kv.close();
        const s = extra.kv;
        const entry = [{ key: 'closing', value: 'v' }];
        const held = [{ key: 'closing', expected: 'v' }];
        const calls: [string, () => Promise<unknown>][] = [
          ['get', () => s.get('closing')],
          ['mget', () => s.mget(['closing'])],
          ['set', () => s.set('closing', 'w')],
          ['setIfAbsent', () => s.setIfAbsent('closing', 'v', 1000)],
          ['setAllIfAbsent', () => s.setAllIfAbsent(entry, 1000)],
          ['setAllIfAbsentFenced', () => s.setAllIfAbsentFenced(entry, 1000, 'fence')],
          ['compareAndDelete', () => s.compareAndDelete('closing', 'v')],
          ['compareAndDeleteAll', () => s.compareAndDeleteAll(held)],
          ['compareAndExtend', () => s.compareAndExtend('closing', 'v', 1000)],
          ['compareAndExtendAll', () => s.compareAndExtendAll(held, 1000)],
          ['incr', () => s.incr('count')],
          ['ttl', () => s.ttl('closing')],
          ['del', () => s.del('closing')],
          ['scan', () => s.scan('clos')],
          ['getBytes', () => s.getBytes('closing')],
          ['setBytes', () => s.setBytes('closing', new Uint8Array(1))],
          ['zadd', () => s.zadd('zset', 'm', 1)],
          ['zrangeByScore', () => s.zrangeByScore('zset', 0, 1)],
          ['zrem', () => s.zrem('zset', 'm')],
        ];
        for (const [name, call] of calls) await expect(call(), name).rejects.toThrow(/closed/);
        await extra.kv.close(); // closing twice is harmless
      } finally {
        await extra.cleanup();
      }
    });
  });

  describe('counters', () => {
    it('incr creates at 0, adds `by` (negative too) and keeps no expiry unless asked', async () => {
      const k = key('counter');
      expect(await kv().incr(k)).toBe(1);
      expect(await kv().incr(k, { by: 5 })).toBe(6);
      expect(await kv().incr(k, { by: -10 })).toBe(-4);
      expect(await kv().get(k)).toBe('-4');
      expect(await kv().ttl(k)).toBe(-1);
    });

    it('50 concurrent incr give 1..50, each exactly once', async () => {
      const k = key('counter-race');
      const results = await Promise.all(Array.from({ length: 50 }, () => kv().incr(k, { ttlMs: 60_000 })));
      expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(await kv().get(k)).toBe('50');
    });

    it('incr on a value that is not an integer fails and leaves it alone', async () => {
      const k = key('counter-text');
      await kv().set(k, 'abc');
      await expect(kv().incr(k)).rejects.toThrow(/not an integer/);
      await kv().set(k, '1.5');
      await expect(kv().incr(k)).rejects.toThrow(/not an integer/);
      expect(await kv().get(k)).toBe('1.5');
    });

    it('a ttl given to incr applies to a counter that has no expiry yet', async () => {
      const k = key('counter-late-ttl');
      await kv().incr(k);
      expect(await kv().ttl(k)).toBe(-1);
      await kv().incr(k, { ttlMs: 60_000 });
      expect(await kv().ttl(k)).toBeGreaterThan(50_000);
    });

    it('later incr calls do not extend the window', async () => {
      const k = key('counter-window');
      const ttl = 400;
      await kv().incr(k, { ttlMs: ttl });
      const created = performance.now();
      await sleep(120);
      await kv().incr(k, { ttlMs: ttl });
      const asked = performance.now();
      const left = await kv().ttl(k);
      // The deadline was fixed when the counter was created (before `created`), so the time left
      // can only be what remained of the first window, never a fresh `ttl`.
      if (left !== null) expect(left).toBeLessThanOrEqual(ttl - (asked - created) + 3);
    });
  });
}

export function registerBytesAndScanTests({ kv, key }: ContractContext): void {
  describe('bytes', () => {
    it('round-trips arbitrary binary, including zero bytes and invalid UTF-8', async () => {
      const k = key('bytes');
      const value = new Uint8Array(256 * 3 + 7);
      for (let i = 0; i < value.length; i++) value[i] = (i * 37 + (i >> 8)) & 0xff;
      value.set([0, 0, 0xff, 0xfe, 0x80, 0xc3, 0x28, 0], 10);
      await kv().setBytes(k, value);
      const back = await kv().getBytes(k);
      expect(back).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(back!).equals(Buffer.from(value))).toBe(true);
    });

    it('keeps an empty value and a large one', async () => {
      const [a, b] = [key('bytes-empty'), key('bytes-large')];
      await kv().setBytes(a, new Uint8Array(0));
      expect(await kv().getBytes(a)).toEqual(new Uint8Array(0));
      const large = new Uint8Array(512 * 1024).map((_, i) => (i * 131) & 0xff);
      await kv().setBytes(b, large, { ttlMs: 60_000 });
      expect(Buffer.from((await kv().getBytes(b))!).equals(Buffer.from(large))).toBe(true);
      expect(await kv().ttl(b)).toBeGreaterThan(50_000);
    });

    it('copies in and out: later changes to either array do not reach the store', async () => {
      const k = key('bytes-copy');
      const value = new Uint8Array([1, 2, 3, 4]);
      await kv().setBytes(k, value);
      value[0] = 99;
      const first = (await kv().getBytes(k))!;
      expect([...first]).toEqual([1, 2, 3, 4]);
      first[1] = 77;
      expect([...(await kv().getBytes(k))!]).toEqual([1, 2, 3, 4]);
      expect(await kv().getBytes(key('bytes-missing'))).toBeNull();
    });

    it('text and bytes views of one key agree for UTF-8', async () => {
      const k = key('bytes-text');
      await kv().set(k, 'pixel ✓');
      expect(Buffer.from((await kv().getBytes(k))!).toString('utf8')).toBe('pixel ✓');
      await kv().setBytes(k, new Uint8Array(Buffer.from('board ✓', 'utf8')));
      expect(await kv().get(k)).toBe('board ✓');
      expect(await kv().compareAndDelete(k, 'board ✓')).toBe(true);
    });
  });

  describe('scan', () => {
    it('returns exactly the live keys under a prefix, without the namespace', async () => {
      const p = `${key('scan')}:`;
      await kv().set(`${p}a`, '1');
      await kv().set(`${p}b`, '2');
      await kv().set(`${p}sub:c`, '3');
      await kv().set(`${p.slice(0, -1)}-other`, 'x');
      await kv().zadd(`${p}zset`, 'm', 1); // not a string: scan leaves it out
      const rows = await kv().scan(p);
      expect(rows.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
        { key: `${p}a`, value: '1' },
        { key: `${p}b`, value: '2' },
        { key: `${p}sub:c`, value: '3' },
      ]);
      expect(await kv().scan(`${p}nothing-here:`)).toEqual([]);
    });

    it('treats glob characters in the prefix literally', async () => {
      const base = key('glob');
      const p = `${base}*[ab]?\\:`;
      await kv().set(`${p}1`, 'literal');
      await kv().set(`${base}XaY\\:2`, 'would match the glob');
      await kv().set(`${base}*[ab]?\\:3`, 'literal too');
      const rows = await kv().scan(p);
      expect(rows.map((r) => r.key).sort()).toEqual([`${p}1`, `${p}3`]);
    });

    it('returns every key once across many scan pages', async () => {
      const p = `${key('scan-many')}:`;
      const count = 1300;
      for (let i = 0; i < count; i += 100) {
        await Promise.all(Array.from({ length: 100 }, (_, j) => kv().set(`${p}${i + j}`, String(i + j))));
      }
      const rows = await kv().scan(p);
      expect(rows).toHaveLength(count);
      expect(new Set(rows.map((r) => r.key)).size).toBe(count);
      expect(rows.every((r) => r.key === `${p}${r.value}`)).toBe(true);
    });
  });
}

export function registerSortedSetTests({ kv, key }: ContractContext): void {
  describe('sorted sets', () => {
    it('orders by score, then by member for equal scores', async () => {
      const k = key('zset');
      await kv().zadd(k, 'c', 2);
      await kv().zadd(k, 'a', 3);
      await kv().zadd(k, 'b', 2);
      await kv().zadd(k, 'neg', -1.5);
      await kv().zadd(k, 'zero', 0);
      expect(await kv().zrangeByScore(k, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY)).toEqual([
        { member: 'neg', score: -1.5 },
        { member: 'zero', score: 0 },
        { member: 'b', score: 2 },
        { member: 'c', score: 2 },
        { member: 'a', score: 3 },
      ]);
    });

    it('ranges are inclusive, honour the limit and are empty when min > max', async () => {
      const k = key('zset-range');
      for (let i = 1; i <= 10; i++) await kv().zadd(k, `m${String(i).padStart(2, '0')}`, i * 10);
      const names = async (min: number, max: number, limit?: number) =>
        (await kv().zrangeByScore(k, min, max, limit)).map((r) => r.member);
      expect(await names(20, 40)).toEqual(['m02', 'm03', 'm04']);
      expect(await names(21, 39)).toEqual(['m03']);
      expect(await names(0, 1000, 3)).toEqual(['m01', 'm02', 'm03']);
      expect(await names(55, 1000, 2)).toEqual(['m06', 'm07']);
      expect(await names(0, 1000, 0)).toEqual([]);
      expect(await names(50, 40)).toEqual([]);
      expect(await names(Number.NEGATIVE_INFINITY, 10)).toEqual(['m01']);
      expect(await kv().zrangeByScore(key('zset-missing'), 0, 100)).toEqual([]);
    });

    it('zadd updates the score of an existing member', async () => {
      const k = key('zset-update');
      await kv().zadd(k, 'x', 5);
      await kv().zadd(k, 'y', 10);
      await kv().zadd(k, 'x', 20);
      expect(await kv().zrangeByScore(k, 0, 100)).toEqual([
        { member: 'y', score: 10 },
        { member: 'x', score: 20 },
      ]);
      // Millisecond timestamps (expiry schedules) keep full precision.
      const at = 1_767_225_600_123;
      await kv().zadd(k, 'x', at);
      expect(await kv().zrangeByScore(k, at, at)).toEqual([{ member: 'x', score: at }]);
    });

    it('zrem removes only present members and an emptied set disappears', async () => {
      const k = key('zset-rem');
      await kv().zadd(k, 'x', 1);
      await kv().zadd(k, 'y', 2);
      expect(await kv().zrem(k, 'x')).toBe(true);
      expect(await kv().zrem(k, 'x')).toBe(false);
      expect(await kv().zrangeByScore(k, 0, 10)).toEqual([{ member: 'y', score: 2 }]);
      expect(await kv().zrem(k, 'y')).toBe(true);
      expect(await kv().zrangeByScore(k, 0, 10)).toEqual([]);
      expect(await kv().ttl(k)).toBeNull();
      expect(await kv().zrem(key('zset-none'), 'x')).toBe(false);
    });

    it('mixing a sorted set and a string under one key is a WRONGTYPE error, not a crash', async () => {
      const [z, s] = [key('zset-type'), key('string-type')];
      await kv().zadd(z, 'm', 1);
      await kv().set(s, 'v');
      await expect(kv().get(z)).rejects.toThrow(/WRONGTYPE/);
      await expect(kv().incr(z)).rejects.toThrow(/WRONGTYPE/);
      await expect(kv().zadd(s, 'm', 1)).rejects.toThrow(/WRONGTYPE/);
      await expect(kv().zrangeByScore(s, 0, 1)).rejects.toThrow(/WRONGTYPE/);
      expect(await kv().mget([z, s])).toEqual([null, 'v']);
      expect(await kv().ttl(z)).toBe(-1);
      expect(await kv().setIfAbsent(z, 'v', 1000)).toBe(false);
      expect(await kv().del(z)).toBe(true);
    });
  });
}
