import { describe, expect, it } from 'vitest';
import { SingleFlight } from './single-flight.js';

/** A promise settled from outside, and how many times its work was started. */
function gate<T>() {
  let resolve!: (v: T) => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SingleFlight', () => {
  it('shares the work under way: callers of one key get one promise, other keys their own', async () => {
    const flights = new SingleFlight<string, number>();
    const g = gate<number>();
    let started = 0;
    const work = () => {
      started++;
      return g.promise;
    };
    const a = flights.run('k', work);
    const b = flights.run('k', work);
    const other = flights.run('x', () => Promise.resolve(7));
    expect(a).toBe(b);
    expect(flights.pending('k')).toBe(a);
    g.resolve(1);
    expect(await Promise.all([a, b, other])).toEqual([1, 1, 7]);
    expect(started).toBe(1);
  });

  it('keeps nothing once the work settled without a ttl: the next caller starts again', async () => {
    const flights = new SingleFlight<string, number>();
    let started = 0;
    await flights.run('k', () => Promise.resolve(++started));
    expect(await flights.run('k', () => Promise.resolve(++started))).toBe(2);
    expect(flights.pending('k')).toBeUndefined();
    expect(flights.keys()).toEqual([]);
  });

  it('never remembers a failure: every caller of the failed work fails, the next one starts again', async () => {
    const flights = new SingleFlight<string, number>({ ttlMs: Infinity });
    const g = gate<number>();
    const a = flights.run('k', () => g.promise);
    const b = flights.run('k', () => Promise.resolve(0));
    g.reject(new Error('down'));
    await expect(a).rejects.toThrow('down');
    await expect(b).rejects.toThrow('down');
    expect(await flights.run('k', () => Promise.resolve(2))).toBe(2);
    // a work that throws before it returns a promise fails its caller the same way
    const failing = new SingleFlight<string, number>();
    await expect(
      failing.run('k', () => {
        throw new Error('at once');
      }),
    ).rejects.toThrow('at once');
    expect(failing.pending('k')).toBeUndefined();
  });

  it('answers a remembered result while it is fresh, and starts again once the ttl passed', async () => {
    let now = 1000;
    const flights = new SingleFlight<string, number>({ ttlMs: 100, now: () => now });
    let started = 0;
    const work = () => Promise.resolve(++started);
    expect(await flights.run('k', work)).toBe(1);
    now += 99;
    expect(await flights.run('k', work)).toBe(1);
    now += 1;
    expect(await flights.run('k', work)).toBe(2);
    // a stale result is still there to look at
    now += 500;
    expect(flights.peek('k')).toBe(2);
  });

  it('a caller that awaited the work finds its result remembered', async () => {
    const flights = new SingleFlight<string, number>({ ttlMs: Infinity });
    await flights.run('k', () => Promise.resolve(5));
    expect(flights.peek('k')).toBe(5);
  });

  it('remembers at most maxEntries results, forgetting the oldest first', async () => {
    const flights = new SingleFlight<string, number>({ ttlMs: Infinity, maxEntries: 2 });
    for (const [k, v] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      await flights.run(k, () => Promise.resolve(v));
    expect(flights.keys()).toEqual(['b', 'c']);
    expect(flights.peek('a')).toBeUndefined();
  });

  it('set remembers a result obtained elsewhere; forget drops it and the work under way', async () => {
    const flights = new SingleFlight<string, number>({ ttlMs: Infinity });
    flights.set('k', 9);
    expect(await flights.run('k', () => Promise.resolve(0))).toBe(9);
    const g = gate<number>();
    flights.forget('k');
    const running = flights.run('k', () => g.promise);
    flights.forget('k');
    // later callers start their own; the forgotten work still answers its callers but is not kept
    expect(await flights.run('k', () => Promise.resolve(3))).toBe(3);
    g.resolve(4);
    expect(await running).toBe(4);
    expect(flights.peek('k')).toBe(3);
  });

  it('refuses a negative ttl', () => {
    expect(() => new SingleFlight({ ttlMs: -1 })).toThrow(RangeError);
  });
});
