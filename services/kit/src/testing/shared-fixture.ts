import { afterAll, beforeAll } from 'vitest';

/**
 * A fixture (a harness, a stack) for the tests of the enclosing file or describe block: `start` runs
 * before their first test (within `timeoutMs`, default the hook timeout) and the fixture is closed
 * after their last. The returned object reads through to the started fixture, so its fields are the
 * current ones (after a restart too); reading it outside those tests throws.
 */
export function sharedFixture<T extends { close(): unknown }>(
  start: () => Promise<T>,
  timeoutMs?: number,
): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeoutMs);
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as T, {
    get(_, field) {
      if (!started) throw new Error('a shared fixture is there from beforeAll to afterAll only');
      return Reflect.get(started, field);
    },
  });
}
