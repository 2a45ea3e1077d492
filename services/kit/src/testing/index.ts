/** Helpers for tests of services built on the kit (not part of any production build path). */
import type { ErrorBody } from '../errors/app-error.js';

export { allowedCallers, testIdentities, type TestIdentities } from './identities.js';
export { recordSubjects, type Recorder } from './recorder.js';
export { refusal, rpcError } from './refusal.js';
export { closedPort } from './ports.js';
export { forSuite } from './suite.js';
export { testLogger } from './logger.js';
export { startTestRpcServer, type TestRpcServerOptions } from './rpc-server.js';
export { tempDir } from './temp-dir.js';
export { useGlobalTracing } from '../telemetry/test/global-tracing.js';

/** The fields of the spec's error body (sections 3 and 8), sorted: `Object.keys(body).sort()` of every one. */
export const ERROR_BODY_FIELDS = [
  'error',
  'field',
  'message',
  'statusCode',
  'success',
  'timestamp',
] as const satisfies readonly (keyof ErrorBody)[];

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a truthy value or `timeoutMs` passes (then throws). */
export async function eventually<T>(
  check: () => T | Promise<T>,
  timeoutMs = 5000,
  everyMs = 20,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    await sleep(everyMs);
  }
}

/** A unique prefix for keys, subjects and names shared with real servers (Redis, NATS). */
export function uniquePrefix(label = 't'): string {
  return `${label}-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
