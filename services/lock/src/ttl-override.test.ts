// LOCK_TTL_MS_OVERRIDE (test-only): browser tests of lock expiry set a short lifetime.
import { MemoryKeyValueStore, createInProcessBus } from '@tessera/kit';
import { testLogger } from '@tessera/kit/testing';
import { describe, expect, it } from 'vitest';
import { createLock, ttlOverrideFromEnv } from './setup.js';

describe('LOCK_TTL_MS_OVERRIDE', () => {
  it('is unset by default and must be 1000..3600000 whole ms', () => {
    expect(ttlOverrideFromEnv(undefined)).toBeUndefined();
    expect(ttlOverrideFromEnv('')).toBeUndefined();
    expect(ttlOverrideFromEnv('8000')).toBe(8000);
    for (const bad of ['abc', '999', '3600001', '1.5']) {
      expect(() => ttlOverrideFromEnv(bad)).toThrow(/LOCK_TTL_MS_OVERRIDE must be an integer/);
    }
  });

  it('gives every acquired lock that lifetime in the store', async () => {
    let t = 1_800_000_000_000;
    const clock = () => t;
    const kv = new MemoryKeyValueStore({ now: clock, wallClock: clock, sweepIntervalMs: 0 });
    const bus = createInProcessBus();
    const lock = createLock({ kv, bus, logger: testLogger('lock'), now: clock, ttlOverrideMs: 8000, sweeper: { everyMs: 3_600_000 } });
    try {
      const out = await lock.core.acquire({ canvasIndex: 0, boardIndex: 7, userId: 'u', username: 'u', durationMinutes: 5 });
      if (!('lock' in out)) throw new Error('expected a lock');
      expect(out.lock.expiresAtMs - out.lock.acquiredAtMs).toBe(8000);
      expect(await kv.ttl('lock:board:0:7')).toBe(8000);
      t += 8001;
      expect(await lock.core.status(0, 7)).toBeNull();
    } finally {
      await lock.close();
      await bus.close();
      await kv.close();
    }
  });
});
