/** Backoff and retry for calls to the embedded broker (a restart must not fail callers). */
import { Code, ConnectError } from '@connectrpc/connect';

export interface Backoff {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 100, maxMs: 2000 };

/** Delay before attempt `attempt` (0-based): exponential with jitter in [50%, 100%]. */
export function backoffDelayMs(attempt: number, b: Backoff = DEFAULT_BACKOFF, random = Math.random): number {
  const base = Math.min(b.maxMs, b.initialMs * 2 ** Math.min(attempt, 20));
  return Math.round(base * (0.5 + random() / 2));
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

/**
 * Calls `fn` until it succeeds, fails with a non-transient error, `deadlineMs` passes or `signal`
 * aborts (then the last error is thrown).
 */
export async function retrying<T>(
  fn: () => Promise<T>,
  opts: { deadlineMs: number; signal?: AbortSignal; backoff?: Backoff },
): Promise<T> {
  const deadline = Date.now() + opts.deadlineMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const wait = backoffDelayMs(attempt, opts.backoff);
      if (!isTransient(err) || Date.now() + wait > deadline) throw err;
      if (!(await sleepUnlessAborted(wait, opts.signal))) throw err;
    }
  }
}
