// Periodic canvas refresh: every 15 s (30 s on mobile), paused while the tab is hidden; when the tab
// comes back after a tick was due, it refreshes at once. Time and visibility are lib's Clock and
// VisibilitySource (the app passes `document`).
import { browserClock, type Clock } from '../lib/clock.js';
import { isHidden, onVisibilityChange, type VisibilitySource } from '../lib/visibility.js';
import { REFRESH_DESKTOP_MS, REFRESH_MOBILE_MS } from './constants.js';

export function refreshInterval(mobile: boolean): number {
  return mobile ? REFRESH_MOBILE_MS : REFRESH_DESKTOP_MS;
}

/** Starts the refresh loop; returns stop. `tick` is not called while hidden. */
export function startRefreshLoop(options: {
  intervalMs: number;
  tick: () => void;
  visibility: VisibilitySource;
  clock?: Pick<Clock, 'now' | 'setInterval' | 'clearInterval'>;
}): () => void {
  const { intervalMs, tick, visibility, clock = browserClock } = options;
  let last = clock.now();
  const run = () => {
    last = clock.now();
    tick();
  };
  const handle = clock.setInterval(() => {
    if (!isHidden(visibility)) run();
  }, intervalMs);
  const unsubscribe = onVisibilityChange(visibility, () => {
    if (!isHidden(visibility) && clock.now() - last >= intervalMs) run();
  });
  return () => {
    clock.clearInterval(handle);
    unsubscribe();
  };
}
