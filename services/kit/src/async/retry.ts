/**
 * Backoff and retry, written once: calls to a broker or server that may be restarting (the embedded
 * broker's client, NATS), and the capped exponential delay every backoff here grows by (retries,
 * the bus's nak delays, identity's sign-in throttle).
 */
import { Code, ConnectError } from '@connectrpc/connect';

export interface Backoff {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 100, maxMs: 2000 };

/** `baseMs` doubled `step` times (step 0: `baseMs`), never more than `capMs`. */
export function cappedExponential(step: number, baseMs: number, capMs: number): number {
  // past 52 doublings any base is beyond every cap; the clamp keeps the power finite
  return Math.min(capMs, baseMs * 2 ** Math.min(Math.max(step, 0), 52));
}

/** Delay before attempt `attempt` (0-based): exponential with jitter in [50%, 100%]. */
export function backoffDelayMs(attempt: number, b: Backoff = DEFAULT_BACKOFF, random = Math.random): number {
  return Math.round(cappedExponential(attempt, b.initialMs, b.maxMs) * (0.5 + random() / 2));
}

/** Sleeps `ms`, waking early (false) when `signal` aborts. */
export function sleepUnlessAborted(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(ok);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener('abort', onAbort);
  });
}

/** True for failures worth retrying against a broker that may be restarting. */
export function isTransient(err: unknown): boolean {
  if (!(err instanceof ConnectError)) return true;
  return ![
    Code.InvalidArgument,
    Code.FailedPrecondition,
    Code.Unimplemented,
    Code.PermissionDenied,
    Code.Unauthenticated,
  ].includes(err.code);
}

export interface RetryOptions {
  /** Give up (throwing the last error) when the next attempt would start later than this from now. */
  deadlineMs: number;
  /** Stop waiting and throw the last error when it aborts (a closing client). */
  signal?: AbortSignal;
  backoff?: Backoff;
  /** Which failures are worth another attempt (default `isTransient`: a broker's Connect errors). */
  transient?: (err: unknown) => boolean;
  /** Called before waiting for the next attempt (to log, or to repair what failed). */
  onRetry?: (err: unknown, attempt: number) => void | Promise<void>;
}

/**
 * Calls `fn` until it succeeds, fails with a failure that is not transient, the deadline passes or
 * `signal` aborts (then the last error is thrown).
 */
export async function retrying<T>(fn: () => Promise<T>, opts: RetryOptions): Promise<T> {
  const deadline = Date.now() + opts.deadlineMs;
  const transient = opts.transient ?? isTransient;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const wait = backoffDelayMs(attempt, opts.backoff);
      if (!transient(err) || Date.now() + wait > deadline || opts.signal?.aborted) throw err;
      await opts.onRetry?.(err, attempt);
      if (!(await sleepUnlessAborted(wait, opts.signal))) throw err;
    }
  }
}
