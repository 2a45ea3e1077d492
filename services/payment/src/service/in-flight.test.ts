import { describe, expect, it } from 'vitest';
import { InFlight } from './in-flight.js';

/** A promise with its resolve and reject. */
function gate<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('InFlight', () => {
  it("starts a key's second call only once the first settled", async () => {
    const f = new InFlight<string>();
    const order: string[] = [];
    const first = gate<string>();
    const a = f.run('o1', 5000, async () => {
      order.push('a starts');
      const v = await first.promise;
      order.push('a ends');
      return v;
    });
    const b = f.run('o1', 5000, async () => {
      order.push('b starts');
      return 'b';
    });
    // every pending promise job runs before a setImmediate callback: b would have started by then
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['a starts']);
    first.resolve('a');
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(order).toEqual(['a starts', 'a ends', 'b starts']);
    expect(f.size).toBe(0);
  });

  it('waits at most waitMs, handing the rest of it on, and keeps other keys apart', async () => {
    const f = new InFlight<number>();
    const stuck = gate<number>();
    void f.run('o1', 5000, () => stuck.promise);
    const other = await f.run('o2', 5000, async (left) => left);
    expect(other).toBe(5000); // nothing ran for o2: the whole wait is left
    const t0 = Date.now();
    const left = await f.run('o1', 50, async (l) => l);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(45);
    expect(left).toBeLessThanOrEqual(5);
    stuck.resolve(0);
  });

  it("runs the second call when the first one failed, and the failure stays the first's", async () => {
    const f = new InFlight<string>();
    const first = gate<string>();
    const a = f.run('o1', 5000, () => first.promise);
    const b = f.run('o1', 5000, async () => 'b');
    first.reject(new Error('canvas unavailable'));
    await expect(a).rejects.toThrow('canvas unavailable');
    expect(await b).toBe('b');
  });
});
