import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureLogger } from '../bus/test/log-capture.js';
import { startPeriodic } from './periodic.js';

/** A pass that runs until `finish()` is called; `started` counts the passes begun. */
function controlledJob() {
  const job = {
    started: 0,
    finish: () => undefined as void,
    run: () => {
      job.started++;
      return new Promise<void>((resolve) => (job.finish = resolve));
    },
  };
  return job;
}

/** Lets every callback already due run (timers are fake; promise callbacks are real). */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('startPeriodic', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a pass every everyMs, and at once with runAtStart', async () => {
    const { logger } = captureLogger();
    let passes = 0;
    const job = startPeriodic({ name: 'job', everyMs: 100, logger, run: async () => void passes++ });
    await vi.advanceTimersByTimeAsync(350);
    expect(passes).toBe(3);
    await job.stop();
    const eager = startPeriodic({
      name: 'job',
      everyMs: 100,
      logger,
      runAtStart: true,
      run: async () => void passes++,
    });
    await settle();
    expect(passes).toBe(4);
    await eager.stop();
  });

  it('never runs two passes at once: a tick during a pass joins it', async () => {
    const { logger } = captureLogger();
    const job = controlledJob();
    const p = startPeriodic({ name: 'job', everyMs: 100, logger, run: job.run });
    const first = p.tick();
    await vi.advanceTimersByTimeAsync(1000); // ten timer ticks while the pass runs
    expect(p.tick()).toBe(first);
    expect(job.started).toBe(1);
    job.finish();
    await first;
    const second = p.tick();
    expect(job.started).toBe(2);
    job.finish();
    await second;
    await p.stop();
  });

  it('logs a failed pass and runs the next one; hands each success to onDone', async () => {
    const log = captureLogger();
    const results: number[] = [];
    let n = 0;
    const p = startPeriodic({
      name: 'housekeeping',
      everyMs: 100,
      logger: log.logger,
      run: () => (++n === 1 ? Promise.reject(new Error('store down')) : Promise.resolve(n)),
      onDone: (r) => results.push(r),
    });
    await p.tick();
    await p.tick();
    expect(log.find('warn').map((l) => l.msg)).toEqual(['housekeeping failed; it runs again later']);
    expect(results).toEqual([2]);
    // a pass that throws before it returns a promise is a failed pass too, not a stuck one
    const sync = startPeriodic<void>({
      name: 'job',
      everyMs: 100,
      logger: log.logger,
      run: () => {
        throw new Error('at once');
      },
    });
    await sync.tick();
    await sync.tick();
    expect(log.find('warn')).toHaveLength(3);
    await Promise.all([p.stop(), sync.stop()]);
  });

  it('stop during a pass resolves only once that pass ended, and no pass starts after it', async () => {
    const { logger } = captureLogger();
    const job = controlledJob();
    const p = startPeriodic({ name: 'job', everyMs: 100, logger, run: job.run });
    await vi.advanceTimersByTimeAsync(100);
    expect(job.started).toBe(1);
    let stopped = false;
    const stopping = p.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(1000);
    expect(stopped).toBe(false);
    job.finish();
    await stopping;
    expect(stopped).toBe(true);
    const after = p.tick();
    await vi.advanceTimersByTimeAsync(1000);
    expect(job.started).toBe(1);
    await after;
    // and its timer is gone, so nothing is left to keep the process or the test busy
    expect(vi.getTimerCount()).toBe(0);
  });

  it('refuses an interval that is not positive', () => {
    const { logger } = captureLogger();
    expect(() => startPeriodic({ name: 'job', everyMs: 0, logger, run: async () => undefined })).toThrow(
      RangeError,
    );
  });
});
