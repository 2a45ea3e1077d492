/**
 * A background job run every `everyMs` (housekeeping, reconciliation, sweeps, repairs). Passes never
 * overlap: a tick while a pass runs joins that pass. A failed pass is logged and the next one tries
 * again. `stop()` resolves only once the pass under way has ended, and no pass starts after it was
 * called, so a service can close the stores a pass uses right after it (closingInOrder).
 */
import type { Logger } from '../log/logger.js';

export interface PeriodicOptions<T> {
  /** What the job is, for its log lines ("<name> failed; it runs again later"). */
  name: string;
  everyMs: number;
  /** One pass. */
  run: () => Promise<T>;
  logger: Logger;
  /** Also run a pass at once (default: the first pass comes after `everyMs`). */
  runAtStart?: boolean;
  /** Called with the result of each pass that succeeded (to log what it did). */
  onDone?: (result: T) => void;
}

export interface Periodic {
  /** Runs a pass now, or joins the one under way; resolves when it ended (never rejects). */
  tick(): Promise<void>;
  /** No pass starts from now on; resolves once the pass under way (if any) has ended. */
  stop(): Promise<void>;
}

export function startPeriodic<T>(opts: PeriodicOptions<T>): Periodic {
  if (!Number.isFinite(opts.everyMs) || opts.everyMs <= 0)
    throw new RangeError('everyMs must be more than 0');
  let running: Promise<void> | undefined;
  let stopped = false;
  const pass = async (): Promise<void> => {
    try {
      const result = await opts.run();
      opts.onDone?.(result);
    } catch (err) {
      opts.logger.warn({ err }, `${opts.name} failed; it runs again later`);
    }
  };
  const tick = (): Promise<void> => {
    if (stopped) return running ?? Promise.resolve();
    // cleared in a later callback, never before it is set (even when a pass fails at once)
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  };
  // a timer of its own never keeps the process alive: stop() is how a service ends it
  const timer = setInterval(() => void tick(), opts.everyMs);
  timer.unref();
  if (opts.runAtStart) void tick();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
