// "Run this after N ms; cancel it when that changes or the component goes": the redirects after a
// sign-up, a reset or a failed OAuth callback, the tutorial's delay, notices that hide themselves.
import { useEffect } from 'react';
import { browserClock, type Clock } from './clock.js';
import { useLatest } from './use-latest.js';

/**
 * Schedules `run` after `ms` (nothing when `ms` is null) and returns the cancel, or undefined when
 * nothing was scheduled: an effect's body and cleanup.
 */
export function scheduleTimeout(
  run: () => void,
  ms: number | null,
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'> = browserClock,
): (() => void) | undefined {
  if (ms === null) return undefined;
  const handle = clock.setTimeout(run, ms);
  return () => clock.clearTimeout(handle);
}

/**
 * Runs `run` once, `ms` after `ms` became a number; null waits for nothing. The pending run is
 * cancelled when `ms` or `restartOn` change (then it starts again) and when the component unmounts.
 * `run` is read when the time comes, so a new inline function does not restart it.
 */
export function useTimeout(run: () => void, ms: number | null, restartOn?: unknown): void {
  const latest = useLatest(run);
  useEffect(() => scheduleTimeout(() => latest.current(), ms), [latest, ms, restartOn]);
}
