import { afterAll, beforeAll } from 'vitest';

/**
 * A resource for the tests of the enclosing file or `describe` block: `start` runs before their first
 * test (`timeoutMs` allowed) and the resource is closed after their last. The returned object reads
 * through to the started resource, so tests use it as they would the resource itself; reading it
 * outside those tests throws.
 */
export function forSuite<T extends { close(): unknown }>(start: () => Promise<T>, timeoutMs = 60_000): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeoutMs);
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });
  return new Proxy({} as T, {
    get(_, key) {
      if (key === 'then') return undefined; // not a promise, even before the start
      if (!started) throw new Error(`a suite resource is read outside its tests (.${String(key)})`);
      return Reflect.get(started, key);
    },
  });
}
