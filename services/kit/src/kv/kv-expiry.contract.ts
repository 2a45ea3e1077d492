/**
 * Contract part: expiry as every reader sees it. Short TTLs and polling, never a fixed sleep that
 * decides the outcome: a key may be reported gone only once its TTL has elapsed since the write
 * began (the store cannot start the clock earlier), and must be gone within SLACK_MS after that.
 */
import { describe, expect, it } from 'vitest';
import { sleep } from '../testing/index.js';
import type { ContractContext } from '../contracts/kv-context.js';

/** Redis keeps whole milliseconds: allow that rounding on the "not before the TTL" side. */
const EARLY_TOLERANCE_MS = 3;
/** How late after its TTL a key may still be seen (a loaded 2-core machine stalls at times). */
const SLACK_MS = 1500;
const POLL_MS = 5;

/**
 * Starts the clock, runs `write` (which gives a key a TTL of `ttl` ms) and polls `present` until it
 * answers false. Fails when the key is reported gone before `ttl` elapsed, or still seen after
 * `ttl + SLACK_MS`. Returns the elapsed time at which it was first seen gone.
 */
export async function expectExpiresOnTime(
  ttl: number,
  write: () => Promise<unknown>,
  present: () => Promise<boolean>,
): Promise<number> {
  const started = performance.now();
  await write();
  for (;;) {
    const seen = await present();
    const elapsed = performance.now() - started;
    if (!seen) {
      expect(elapsed, 'reported gone before its TTL elapsed').toBeGreaterThanOrEqual(
        ttl - EARLY_TOLERANCE_MS,
      );
      return elapsed;
    }
    expect(elapsed, `still visible ${Math.round(elapsed)} ms after a ${ttl} ms TTL`).toBeLessThanOrEqual(
      ttl + SLACK_MS,
    );
    await sleep(POLL_MS);
  }
}

export function registerExpiryTests({ kv, key }: ContractContext): void {
  describe('expiry seen by every reader', () => {
    const TTL = 120;

    it('get', async () => {
      const k = key('exp-get');
      await expectExpiresOnTime(
        TTL,
        () => kv().set(k, 'v', { ttlMs: TTL }),
        async () => (await kv().get(k)) !== null,
      );
      expect(await kv().get(k)).toBeNull();
    });

    it('mget (other keys unaffected)', async () => {
      const [k, stay] = [key('exp-mget'), key('exp-mget-stay')];
      await kv().set(stay, 'stays');
      await expectExpiresOnTime(
        TTL,
        () => kv().set(k, 'v', { ttlMs: TTL }),
        async () => (await kv().mget([k, stay]))[0] !== null,
      );
      expect(await kv().mget([k, stay])).toEqual([null, 'stays']);
    });

    it('scan', async () => {
      const p = `${key('exp-scan')}:`;
      await kv().set(`${p}stay`, 'stays');
      await expectExpiresOnTime(
        TTL,
        () => kv().set(`${p}gone`, 'v', { ttlMs: TTL }),
        async () => (await kv().scan(p)).some((r) => r.key === `${p}gone`),
      );
      expect(await kv().scan(p)).toEqual([{ key: `${p}stay`, value: 'stays' }]);
    });

    it('ttl (counts down, then null)', async () => {
      const k = key('exp-ttl');
      let previous = Number.POSITIVE_INFINITY;
      await expectExpiresOnTime(
        TTL,
        () => kv().set(k, 'v', { ttlMs: TTL }),
        async () => {
          const left = await kv().ttl(k);
          if (left === null) return false;
          expect(left).toBeGreaterThanOrEqual(0);
          expect(left).toBeLessThanOrEqual(TTL);
          expect(left).toBeLessThanOrEqual(previous);
          previous = left;
          return true;
        },
      );
    });

    it('getBytes', async () => {
      const k = key('exp-bytes');
      await expectExpiresOnTime(
        TTL,
        () => kv().setBytes(k, new Uint8Array([0, 1, 2]), { ttlMs: TTL }),
        async () => (await kv().getBytes(k)) !== null,
      );
    });

    it('compare-and-delete and compare-and-extend on a lapsed key do nothing', async () => {
      const k = key('exp-lapsed');
      await expectExpiresOnTime(
        TTL,
        () => kv().setIfAbsent(k, 'holder', TTL),
        async () => (await kv().get(k)) !== null,
      );
      expect(await kv().compareAndExtend(k, 'holder', 60_000)).toBe(false);
      expect(await kv().compareAndDelete(k, 'holder')).toBe(false);
      expect(await kv().get(k)).toBeNull();
      expect(await kv().ttl(k)).toBeNull();
    });

    it('a multi-key extend fails when one key has lapsed, and touches the other not', async () => {
      const [live, lapsing] = [key('exp-multi-live'), key('exp-multi-lapsing')];
      await kv().set(live, 'L', { ttlMs: 60_000 });
      await expectExpiresOnTime(
        TTL,
        () => kv().set(lapsing, 'X', { ttlMs: TTL }),
        async () => (await kv().get(lapsing)) !== null,
      );
      const ok = await kv().compareAndExtendAll(
        [
          { key: live, expected: 'L', newValue: 'L2' },
          { key: lapsing, expected: 'X' },
        ],
        120_000,
      );
      expect(ok).toBe(false);
      expect(await kv().get(live)).toBe('L');
      expect(await kv().ttl(live)).toBeLessThanOrEqual(60_000);
      expect(await kv().get(lapsing)).toBeNull();
    });
  });

  describe('expiry and locks', () => {
    it('a set-if-absent lock expires and can then be taken again', async () => {
      const k = key('exp-retake');
      const TTL_LOCK = 150;
      // While the first lock lives every attempt fails; the first success comes after its TTL.
      await expectExpiresOnTime(
        TTL_LOCK,
        () => kv().setIfAbsent(k, 'first', TTL_LOCK),
        async () => !(await kv().setIfAbsent(k, 'second', 60_000)),
      );
      expect(await kv().get(k)).toBe('second');
      expect(await kv().ttl(k)).toBeGreaterThan(50_000);
    });

    it('an extended lock outlives its first TTL', async () => {
      const k = key('exp-extended');
      const first = 300;
      const started = performance.now();
      expect(await kv().setIfAbsent(k, 'holder', first)).toBe(true);
      expect(await kv().compareAndExtend(k, 'holder', 60_000)).toBe(true);
      await sleep(Math.max(0, first + 150 - (performance.now() - started)));
      expect(await kv().get(k)).toBe('holder');
    });
  });

  describe('counter windows', () => {
    it('the window resets after its TTL and later increments never extend it', async () => {
      const k = key('exp-window');
      const WINDOW = 200;
      let last = 0;
      // Each poll increments; the counter climbs inside the window and restarts at 1 only once the
      // window that began at creation is over (an extending incr would never let it restart).
      await expectExpiresOnTime(
        WINDOW,
        () => kv().incr(k, { ttlMs: WINDOW }),
        async () => {
          const n = await kv().incr(k, { ttlMs: WINDOW });
          if (n === 1) return false;
          expect(n).toBe(last === 0 ? 2 : last + 1);
          last = n;
          return true;
        },
      );
      const left = await kv().ttl(k);
      expect(left).not.toBeNull();
      expect(left).toBeLessThanOrEqual(WINDOW);
    });
  });
}
