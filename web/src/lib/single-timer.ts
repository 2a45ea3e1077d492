// One pending timeout at a time (the background token refresh, the session-expired redirect): starting
// it again replaces the pending one. Tests pass their own setTimer and clearTimer.

export interface TimerDeps {
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface SingleTimer {
  /** Runs fn after ms, cancelling the timeout still pending. */
  start(fn: () => void, ms: number): void;
  cancel(): void;
}

export function singleTimer(deps: TimerDeps): SingleTimer {
  const setTimer = deps.setTimer ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>));
  let pending: unknown = null;
  const cancel = () => {
    if (pending !== null) clearTimer(pending);
    pending = null;
  };
  return {
    start(fn, ms) {
      cancel();
      pending = setTimer(() => {
        pending = null;
        fn();
      }, ms);
    },
    cancel,
  };
}
