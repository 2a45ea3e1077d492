// Periodic canvas refresh: every 15 s (30 s on mobile), paused while the tab is hidden; when the tab
// comes back after a tick was due, it refreshes at once.
import { REFRESH_DESKTOP_MS, REFRESH_MOBILE_MS } from './constants.js';

export interface RefreshClock {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface VisibilitySource {
  isHidden(): boolean;
  onChange(listener: () => void): () => void;
}

export function refreshInterval(mobile: boolean): number {
  return mobile ? REFRESH_MOBILE_MS : REFRESH_DESKTOP_MS;
}

/** Starts the refresh loop; returns stop. `tick` is not called while hidden. */
export function startRefreshLoop(options: {
  intervalMs: number;
  tick: () => void;
  visibility: VisibilitySource;
  clock: RefreshClock;
}): () => void {
  const { intervalMs, tick, visibility, clock } = options;
  let last = clock.now();
  const run = () => {
    last = clock.now();
    tick();
  };
  const handle = clock.setInterval(() => {
    if (!visibility.isHidden()) run();
  }, intervalMs);
  const unsubscribe = visibility.onChange(() => {
    if (!visibility.isHidden() && clock.now() - last >= intervalMs) run();
  });
  return () => {
    clock.clearInterval(handle);
    unsubscribe();
  };
}

export const browserClock: RefreshClock = {
  now: () => Date.now(),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

export function documentVisibility(doc: Document): VisibilitySource {
  return {
    isHidden: () => doc.visibilityState === 'hidden',
    onChange: (listener) => {
      doc.addEventListener('visibilitychange', listener);
      return () => doc.removeEventListener('visibilitychange', listener);
    },
  };
}
