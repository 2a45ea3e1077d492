// CSRF token cache: fetched when a state-changing call first needs it, reused while more than 60 s
// remain, refreshed every 5 minutes once in use, and after the tab was hidden for 5 minutes or more.
import type { CsrfTokenAsRead } from '@tessera/api/auth';
import { fieldsOf, readString } from '../lib/json.js';
import { isHidden, onVisibilityChange, type VisibilitySource } from '../lib/visibility.js';

export const CSRF_MIN_REMAINING_MS = 60_000;
export const CSRF_REFRESH_INTERVAL_MS = 5 * 60_000;
export const CSRF_INACTIVITY_MS = 5 * 60_000;
/** Lifetime assumed when the server gives no `expiresIn`. */
const DEFAULT_LIFETIME_MS = CSRF_REFRESH_INTERVAL_MS;

export interface CsrfToken {
  token: string;
  expiresAt: number;
}

/**
 * Reads `data{csrfToken, expiresIn}` (`CsrfTokenAsRead` of `@tessera/api/auth`): `expiresIn` is seconds
 * from now (the answer's `expires`, the same time on the server's clock, is not read). Null when there is
 * no token.
 */
export function parseCsrfResponse(body: unknown, now: number): CsrfToken | null {
  const data = fieldsOf<CsrfTokenAsRead['data']>(fieldsOf<CsrfTokenAsRead>(body)?.data);
  const token = readString(data?.csrfToken);
  if (data === null || token === null) return null;
  const expiresIn = data.expiresIn;
  const fresh = typeof expiresIn === 'number' && expiresIn > 0;
  return { token, expiresAt: fresh ? now + expiresIn * 1000 : now + DEFAULT_LIFETIME_MS };
}

export interface CsrfManagerOptions {
  /** Fetches a fresh token from the server. */
  fetchToken: () => Promise<CsrfToken>;
  now?: () => number;
}

export class CsrfTokenManager {
  private readonly fetchToken: () => Promise<CsrfToken>;
  private readonly now: () => number;
  private current: CsrfToken | null = null;
  private inflight: Promise<string> | null = null;
  private generation = 0;
  private interval: ReturnType<typeof setInterval> | null = null;
  private hiddenAt: number | null = null;
  private detachVisibility: (() => void) | null = null;

  constructor(options: CsrfManagerOptions) {
    this.fetchToken = options.fetchToken;
    this.now = options.now ?? Date.now;
  }

  /** The cached token if more than 60 s of it remain, else a fresh one. */
  async getToken(): Promise<string> {
    if (this.current && this.current.expiresAt - this.now() > CSRF_MIN_REMAINING_MS)
      return this.current.token;
    return this.refresh();
  }

  /** Fetches a new token; concurrent callers share one request. */
  refresh(): Promise<string> {
    if (this.inflight) return this.inflight;
    const generation = this.generation;
    const run = this.fetchToken()
      .then((fresh) => {
        if (generation === this.generation) this.current = fresh;
        return fresh.token;
      })
      .finally(() => {
        if (this.inflight === run) this.inflight = null;
      });
    this.inflight = run;
    return run;
  }

  /** Forgets the token (sign-in or sign-out changes which token the server accepts). */
  clear(): void {
    this.generation += 1;
    this.current = null;
    this.inflight = null;
  }

  hasToken(): boolean {
    return this.current !== null;
  }

  /** Starts the 5-minute refresh and the inactivity rule. Refreshes only a token already in use. */
  start(visibility?: VisibilitySource): void {
    this.stop();
    this.interval = setInterval(() => this.refreshInBackground(), CSRF_REFRESH_INTERVAL_MS);
    if (visibility) {
      const onChange = () => {
        if (isHidden(visibility)) {
          this.hiddenAt = this.now();
        } else if (this.hiddenAt !== null) {
          const away = this.now() - this.hiddenAt;
          this.hiddenAt = null;
          if (away >= CSRF_INACTIVITY_MS) this.refreshInBackground();
        }
      };
      this.detachVisibility = onVisibilityChange(visibility, onChange);
    }
  }

  stop(): void {
    if (this.interval !== null) clearInterval(this.interval);
    this.interval = null;
    this.detachVisibility?.();
    this.detachVisibility = null;
  }

  private refreshInBackground(): void {
    if (!this.current) return;
    // A failed background refresh drops the token so the next call fetches one itself.
    this.refresh().catch(() => {
      this.current = null;
    });
  }
}
