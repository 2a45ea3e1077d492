import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserClock } from './clock.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('browserClock', () => {
  it("is the browser's time and timers, looked up at each call (fake timers apply)", () => {
    vi.useFakeTimers({ now: 1_000 });
    let runs = 0;
    expect(browserClock.now()).toBe(1_000);
    browserClock.setTimeout(() => runs++, 100);
    const cancelled = browserClock.setTimeout(() => runs++, 100);
    browserClock.clearTimeout(cancelled);
    const every = browserClock.setInterval(() => runs++, 50);
    vi.advanceTimersByTime(100);
    browserClock.clearInterval(every);
    vi.advanceTimersByTime(1_000);
    expect(runs).toBe(3); // the timeout once, the interval twice
    expect(browserClock.now()).toBe(2_100);
  });
});
