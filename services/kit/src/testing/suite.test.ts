import { describe, expect, it } from 'vitest';
import { forSuite } from './suite.js';

const log: string[] = [];
let readBeforeStart: unknown;

class Resource {
  n = 41;
  next(): number {
    return this.n + 1;
  }
  async close() {
    log.push('close');
  }
}

describe('a suite resource', () => {
  const r = forSuite(async () => {
    log.push('start');
    return new Resource();
  });
  // collecting the tests: not started yet, but awaiting it (resolving a promise with it) is harmless
  const awaitedEarly = Promise.resolve(r).then((v) => v === r);
  try {
    void r.n;
  } catch (err) {
    readBeforeStart = err;
  }

  it('is started once before the first test and reads through to the resource, methods included', async () => {
    expect(readBeforeStart).toBeInstanceOf(Error);
    expect(String(readBeforeStart)).toContain('outside its tests (.n)');
    expect(r.n).toBe(41);
    expect(r.next()).toBe(42);
    expect(await awaitedEarly).toBe(true);
    expect(await Promise.resolve(r)).toBe(r); // not mistaken for a promise
    expect(log).toEqual(['start']);
  });

  it('is the same resource in every test of the block', () => {
    expect(log).toEqual(['start']);
  });
});

describe('after the block', () => {
  it('the resource was closed once', () => {
    expect(log).toEqual(['start', 'close']);
  });
});
