import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { backoffDelayMs, cappedExponential, retrying } from './retry.js';

const fast = { initialMs: 1, maxMs: 2 };

/** A call that fails with `failures` in turn, then answers 'ok'; counts its attempts. */
function flaky(failures: unknown[]) {
  const call = {
    attempts: 0,
    fn: () => {
      const failure = failures[call.attempts++];
      return failure === undefined ? Promise.resolve('ok') : Promise.reject(failure as Error);
    },
  };
  return call;
}

describe('cappedExponential and backoffDelayMs', () => {
  it('doubles from the base per step and stops at the cap, however many steps', () => {
    expect([0, 1, 2, 3].map((s) => cappedExponential(s, 100, 500))).toEqual([100, 200, 400, 500]);
    expect(cappedExponential(-3, 100, 500)).toBe(100);
    expect(cappedExponential(10_000, 1000, 15 * 60_000)).toBe(15 * 60_000);
  });

  it('jitters a retry delay between half and all of it', () => {
    const b = { initialMs: 100, maxMs: 2000 };
    expect(backoffDelayMs(2, b, () => 0)).toBe(200);
    expect(backoffDelayMs(2, b, () => 1)).toBe(400);
    expect(backoffDelayMs(50, b, () => 1)).toBe(2000);
  });
});

describe('retrying', () => {
  it('tries again after transient failures, telling onRetry each time, until the call succeeds', async () => {
    const call = flaky([new Error('down'), new ConnectError('restarting', Code.Unavailable)]);
    const seen: number[] = [];
    expect(
      await retrying(call.fn, { deadlineMs: 5000, backoff: fast, onRetry: (_, n) => void seen.push(n) }),
    ).toBe('ok');
    expect(call.attempts).toBe(3);
    expect(seen).toEqual([0, 1]);
  });

  it('throws at once a failure that is not transient, by default or by its own rule', async () => {
    const refused = new ConnectError('no', Code.PermissionDenied);
    const call = flaky([refused]);
    await expect(retrying(call.fn, { deadlineMs: 5000, backoff: fast })).rejects.toBe(refused);
    expect(call.attempts).toBe(1);
    const own = flaky([new Error('a'), new Error('fatal')]);
    await expect(
      retrying(own.fn, {
        deadlineMs: 5000,
        backoff: fast,
        transient: (e) => (e as Error).message !== 'fatal',
      }),
    ).rejects.toThrow('fatal');
    expect(own.attempts).toBe(2);
  });

  it('throws the last failure once the next attempt would start past the deadline', async () => {
    const call = flaky(Array.from({ length: 100 }, (_, i) => new Error(`down ${i}`)));
    await expect(retrying(call.fn, { deadlineMs: 0, backoff: { initialMs: 50, maxMs: 50 } })).rejects.toThrow(
      'down 0',
    );
    expect(call.attempts).toBe(1);
  });

  it('stops when its signal aborts, with the last failure', async () => {
    const stop = new AbortController();
    const call = flaky(Array.from({ length: 100 }, () => new Error('down')));
    const done = retrying(call.fn, {
      deadlineMs: 60_000,
      signal: stop.signal,
      backoff: { initialMs: 60_000, maxMs: 60_000 },
      onRetry: () => stop.abort(),
    });
    await expect(done).rejects.toThrow('down');
    expect(call.attempts).toBe(1);
  });
});
