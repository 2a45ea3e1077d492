import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settleWithin } from './settle-within.js';

describe('settleWithin', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('is true as soon as the promise resolves or rejects, and leaves no timer behind', async () => {
    expect(await settleWithin(Promise.resolve(1), 1000)).toBe(true);
    expect(await settleWithin(Promise.reject(new Error('failed')), 1000)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is false once the time is up, without waiting for the promise', async () => {
    let settled = false;
    let answer: boolean | undefined;
    void settleWithin(new Promise(() => undefined), 100).then((r) => (answer = r));
    await vi.advanceTimersByTimeAsync(99);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBe(false);
    // a promise that settles in time ends the wait before the time is up
    const work = new Promise<void>((resolve) => setTimeout(resolve, 50)).then(() => (settled = true));
    const within = settleWithin(work, 100);
    await vi.advanceTimersByTimeAsync(50);
    expect(await within).toBe(true);
    expect(settled).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
