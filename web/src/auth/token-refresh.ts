// Renews the access token from the refresh cookie shortly before it counts as expiring (120 s left),
// so a signed-in visitor who stays on one page keeps a valid token. The API client still refreshes
// before any request made with an expiring token; this only keeps it fresh in the background.
import { singleTimer, type TimerDeps } from '../lib/single-timer.js';
import { TOKEN_EXPIRY_MARGIN_MS, type AuthStore } from './auth-store.js';

/**
 * Milliseconds until the background refresh: when 120 s remain, but never sooner than half the
 * remaining life (a token issued with under 120 s would otherwise be renewed in a loop). Null when
 * there is nothing to refresh.
 */
export function refreshDelayMs(
  remainingMs: number,
  marginMs: number = TOKEN_EXPIRY_MARGIN_MS,
): number | null {
  if (remainingMs <= 0) return null;
  return Math.max(remainingMs - marginMs, Math.floor(remainingMs / 2));
}

export interface TokenRefreshDeps extends TimerDeps {
  auth: Pick<AuthStore, 'subscribe' | 'getAccessToken' | 'remainingMs'>;
  refresh: () => Promise<boolean>;
}

/** Keeps one timer per access token; returns the function that stops it. */
export function startTokenRefresh(deps: TokenRefreshDeps): () => void {
  const timer = singleTimer(deps);
  let scheduledFor: string | null = null;

  const schedule = () => {
    const token = deps.auth.getAccessToken();
    if (token === scheduledFor) return;
    timer.cancel();
    scheduledFor = token;
    if (token === null) return;
    const delay = refreshDelayMs(deps.auth.remainingMs());
    if (delay === null) return;
    // A failure is left to the API client: its next call retries and, failing again, signs out.
    timer.start(() => void deps.refresh().catch(() => false), delay);
  };

  schedule();
  const unsubscribe = deps.auth.subscribe(schedule);
  return () => {
    unsubscribe();
    timer.cancel();
  };
}
