/** The embedded store with an injected clock: exact expiry edges, the sweeper, bounded bookkeeping. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryKeyValueStore } from './memory.js';

function storeAt(start = 1000, opts: { sweepIntervalMs?: number; keyPrefix?: string } = {}) {
  const clock = { t: start };
  const kv = new MemoryKeyValueStore({ now: () => clock.t, sweepIntervalMs: 0, ...opts });
  return { kv, clock };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('MemoryKeyValueStore expiry (injected clock)', () => {
  it('a key is visible until the last millisecond of its TTL and gone exactly at its end', async () => {
    const { kv, clock } = storeAt();
    await kv.set('k', 'v', { ttlMs: 100 });
    await kv.setBytes('b', new Uint8Array([1]), { ttlMs: 100 });
    clock.t += 99.5;
    expect(await kv.get('k')).toBe('v');
    expect(await kv.ttl('k')).toBe(1);
    expect(await kv.mget(['k'])).toEqual(['v']);
    expect(await kv.scan('')).toHaveLength(2);
    expect(await kv.getBytes('b')).not.toBeNull();
    clock.t += 0.5;
    expect(await kv.get('k')).toBeNull();
    expect(await kv.mget(['k'])).toEqual([null]);
    expect(await kv.scan('')).toEqual([]);
    expect(await kv.ttl('k')).toBeNull();
    expect(await kv.getBytes('b')).toBeNull();
    expect(await kv.del('k')).toBe(false);
  });

  it('ttl reports whole milliseconds, rounded up', async () => {
    const { kv, clock } = storeAt();
    await kv.set('k', 'v', { ttlMs: 250.2 });
    expect(await kv.ttl('k')).toBe(251);
    clock.t += 100.5;
    expect(await kv.ttl('k')).toBe(151);
  });

  it('an expired lock is free again, and cannot be extended or deleted by its old holder', async () => {
    const { kv, clock } = storeAt();
    expect(await kv.setIfAbsent('lock', 'a', 50)).toBe(true);
    clock.t += 50;
    expect(await kv.compareAndExtend('lock', 'a', 1000)).toBe(false);
    expect(await kv.compareAndDelete('lock', 'a')).toBe(false);
    expect(await kv.setAllIfAbsent([{ key: 'lock', value: 'b' }], 1000)).toBe(true);
    expect(await kv.get('lock')).toBe('b');
  });

  it('a counter window is fixed at creation and restarts exactly when it ends', async () => {
    const { kv, clock } = storeAt();
    expect(await kv.incr('c', { ttlMs: 1000 })).toBe(1);
    clock.t += 600;
    expect(await kv.incr('c', { ttlMs: 1000 })).toBe(2);
    expect(await kv.ttl('c')).toBe(400);
    clock.t += 399;
    expect(await kv.incr('c', { ttlMs: 1000 })).toBe(3);
    clock.t += 1;
    expect(await kv.incr('c', { ttlMs: 1000 })).toBe(1);
    expect(await kv.ttl('c')).toBe(1000);
  });

  it('compareAndExtend moves the deadline forward from now', async () => {
    const { kv, clock } = storeAt();
    await kv.set('k', 'v', { ttlMs: 100 });
    clock.t += 90;
    expect(await kv.compareAndExtend('k', 'v', 100)).toBe(true);
    clock.t += 90;
    expect(await kv.get('k')).toBe('v');
    clock.t += 10;
    expect(await kv.get('k')).toBeNull();
  });

  it('sweep drops expired keys nobody reads, and only those', async () => {
    const { kv, clock } = storeAt();
    for (let i = 0; i < 100; i++) await kv.set(`short:${i}`, 'v', { ttlMs: 10 + i });
    await kv.set('forever', 'v');
    await kv.set('long', 'v', { ttlMs: 10_000 });
    expect(kv.size).toBe(102);
    clock.t += 59.5;
    expect(kv.sweep()).toBe(50);
    expect(kv.size).toBe(52);
    clock.t += 1000;
    expect(kv.sweep()).toBe(50);
    expect(kv.size).toBe(2);
    expect(await kv.mget(['forever', 'long'])).toEqual(['v', 'v']);
  });

  it('the sweeper runs on its own timer, which never keeps the process alive', async () => {
    vi.useFakeTimers();
    const clock = { t: 0 };
    const kv = new MemoryKeyValueStore({ now: () => clock.t, sweepIntervalMs: 1000 });
    await kv.set('k', 'v', { ttlMs: 10 });
    clock.t = 500;
    vi.advanceTimersByTime(1000);
    expect(kv.size).toBe(0);
    expect(vi.getTimerCount()).toBe(1);
    await kv.close();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('re-extending one key many times does not grow the expiry bookkeeping without bound', async () => {
    const { kv, clock } = storeAt();
    await kv.set('k', 'v', { ttlMs: 1000 });
    for (let i = 0; i < 20_000; i++) {
      clock.t += 1;
      await kv.compareAndExtend('k', 'v', 1000);
    }
    expect(kv.scheduledExpiries).toBeLessThanOrEqual(1024 + 2 * kv.size + 1);
    expect(await kv.ttl('k')).toBe(1000);
  });

  it('a plain set clears a pending expiry (the stale deadline is ignored)', async () => {
    const { kv, clock } = storeAt();
    await kv.set('k', 'v', { ttlMs: 10 });
    await kv.set('k', 'w');
    clock.t += 20;
    expect(kv.sweep()).toBe(0);
    expect(await kv.get('k')).toBe('w');
  });
});

describe('MemoryKeyValueStore namespacing and closing', () => {
  it('keyPrefix namespaces keys and scan reports them without it', async () => {
    const { kv } = storeAt(0, { keyPrefix: 'tenant-a:' });
    await kv.set('board:1', 'x');
    expect(await kv.scan('board:')).toEqual([{ key: 'board:1', value: 'x' }]);
    expect(await kv.scan('tenant-a:')).toEqual([]);
  });

  it('close drops the data and later calls reject instead of throwing synchronously', async () => {
    const { kv } = storeAt();
    await kv.set('k', 'v');
    await kv.close();
    const pending = kv.get('k');
    expect(pending).toBeInstanceOf(Promise);
    await expect(pending).rejects.toThrow('key-value store is closed');
    expect(kv.size).toBe(0);
  });
});
