// One pending timeout at a time (the background token refresh, the session-expired redirect): starting
// it again replaces the pending one. Tests pass their own clock.
import { browserClock, type Clock } from './clock.js';

export interface TimerDeps {
  clock?: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
}

export interface SingleTimer {
  /** Runs fn after ms, cancelling the timeout still pending. */
  start(fn: () => void, ms: number): void;
  cancel(): void;
}

export function singleTimer({ clock = browserClock }: TimerDeps): SingleTimer {
  let pending: unknown = null;
  const cancel = () => {
    if (pending !== null) clock.clearTimeout(pending);
    pending = null;
  };
  return {
    start(fn, ms) {
      cancel();
      pending = clock.setTimeout(() => {
        pending = null;
        fn();
      }, ms);
    },
    cancel,
  };
}
