// The web app's HTTP client for the BFF's /api (spec sections 7 and 8): cookies, JSON, bearer token,
// CSRF header, timeout, one retry, CSRF and session recovery, error mapping and request metrics.
import { API_BASE, CSRF_HEADER, isAnonymousCall, needsCsrfToken, type HttpMethod } from '@tessera/facts/http';
import type { AuthStore } from '../auth/auth-store.js';
import { toTokenGrant } from '../auth/auth-user.js';
import type { VisibilitySource } from '../lib/visibility.js';
import { parseCsrfResponse, CsrfTokenManager, type CsrfToken } from './csrf.js';
import {
  ApiError,
  CLIENT_CODES,
  GENERIC_MESSAGES,
  errorFromResponse,
  errorKind,
  isApiError,
  mentionsCsrf,
} from './errors.js';
import { RequestMetrics } from './metrics.js';
import { RETRY_BASE_DELAY_MS, isAuthFlowCall, retryDelayAfter, withQuery } from './policy.js';
import { fetchWithTimeout, readBody, successValue, type FetchLike } from './transport.js';
import { actionHeaders, type UserAction } from './user-action.js';

export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * required: needs a session; an expiring token is refreshed first, a failed refresh signs out.
 * optional: public call; the token is sent only while it is not expiring, else the call goes anonymous.
 * none: never sends the token.
 */
export type AuthMode = 'required' | 'optional' | 'none';

/** What a renewal of the access token came to (ApiClient.renewSession). */
export type RenewOutcome = 'renewed' | 'ended' | 'unavailable';

/** The BFF refused the refresh cookie: the session is over (401 REFRESH_TOKEN_INVALID / _EXPIRED). */
function isSessionRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: QueryParams;
  /** Default: required. */
  auth?: AuthMode;
  timeoutMs?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The browser's HTTP cache mode for this call (fetch's `cache`); default: the browser's. */
  cache?: RequestCache;
}

export type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

export interface ApiClientOptions {
  auth: AuthStore;
  baseUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  retryBaseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

interface Attempt {
  retries: number;
  status: number;
}

const defaultFetch: FetchLike = (input, init) => globalThis.fetch(input, init);
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ApiClient {
  readonly metrics = new RequestMetrics();
  readonly csrf: CsrfTokenManager;
  private readonly auth: AuthStore;
  private readonly baseUrl: string;
  private readonly fetchImpl: FetchLike;
  private readonly timeoutMs: number;
  private readonly retryBaseDelayMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private refreshing: Promise<RenewOutcome> | null = null;

  constructor(options: ApiClientOptions) {
    this.auth = options.auth;
    this.baseUrl = (options.baseUrl ?? API_BASE).replace(/\/$/, '');
    this.fetchImpl = options.fetch ?? defaultFetch;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retryBaseDelayMs = options.retryBaseDelayMs ?? RETRY_BASE_DELAY_MS;
    this.sleep = options.sleep ?? defaultSleep;
    this.now = options.now ?? Date.now;
    this.csrf = new CsrfTokenManager({ fetchToken: () => this.fetchCsrfToken(), now: this.now });
    // A CSRF token belongs to a session: forget it whenever the signed-in user changes.
    let userId = this.auth.getUser()?.id ?? null;
    this.auth.subscribe(() => {
      const next = this.auth.getUser()?.id ?? null;
      if (next !== userId) {
        userId = next;
        this.csrf.clear();
      }
    });
  }

  /** This client's fetch and timeout, for a call that goes around the API (the direct storage upload). */
  get transport(): { fetch: FetchLike; timeoutMs: number } {
    return { fetch: this.fetchImpl, timeoutMs: this.timeoutMs };
  }

  get<T>(path: string, options: CallOptions = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'GET' });
  }

  post<T>(path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'POST', body });
  }

  put<T>(path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'PUT', body });
  }

  patch<T>(path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'PATCH', body });
  }

  delete<T>(path: string, options: CallOptions & { body?: unknown } = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'DELETE' });
  }

  /**
   * This client for the requests of one user action (api/user-action.ts): every request made through
   * the returned client, its retries and recoveries included, carries the action's `traceparent`.
   * Everything else is this client's (session, CSRF token, metrics, a refresh in flight); the CSRF
   * token's and the session's own renewals belong to no action.
   */
  forAction(action: UserAction): ApiClient {
    const scoped = Object.create(this) as ApiClient;
    scoped.request = <T>(path: string, options: RequestOptions = {}): Promise<T> =>
      this.request<T>(path, { ...options, headers: { ...options.headers, ...actionHeaders(action) } });
    return scoped;
  }

  /** Starts the CSRF token's background refresh (every 5 min, and after 5+ min hidden). */
  start(visibility?: VisibilitySource): void {
    this.csrf.start(visibility);
  }

  stop(): void {
    this.csrf.stop();
  }

  /**
   * Renews the access token from the refresh cookie; concurrent callers share one call. `ended`: the
   * BFF refused the cookie (401: the session is over). `unavailable`: no answer that says so (the
   * network, a timeout, a busy server, or the page navigating away and aborting the call): the
   * session may well be alive, so nothing is cleared and the next page load tries again.
   */
  renewSession(): Promise<RenewOutcome> {
    if (!this.refreshing) {
      const run: Promise<RenewOutcome> = this.request<unknown>('/auth/refresh-cookie', {
        method: 'POST',
        body: {},
        auth: 'none',
      })
        .then((body): RenewOutcome => {
          const grant = toTokenGrant(body);
          if (!grant) return 'unavailable';
          this.auth.setSession({
            accessToken: grant.accessToken,
            expiresIn: grant.expiresIn,
            user: grant.user,
          });
          return 'renewed';
        })
        .catch((error: unknown): RenewOutcome => (isSessionRefused(error) ? 'ended' : 'unavailable'))
        .finally(() => {
          if (this.refreshing === run) this.refreshing = null;
        });
      this.refreshing = run;
    }
    return this.refreshing;
  }

  /** Whether the access token was renewed (see renewSession for why it was not). */
  async refreshSession(): Promise<boolean> {
    return (await this.renewSession()) === 'renewed';
  }

  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const startedAt = this.now();
    const attempt: Attempt = { retries: 0, status: 0 };
    try {
      const value = await this.execute(method, path, options, attempt);
      this.metrics.record({
        method,
        path,
        status: attempt.status,
        ok: true,
        durationMs: this.now() - startedAt,
        retries: attempt.retries,
        errorCode: null,
        startedAt,
      });
      return value as T;
    } catch (error) {
      this.metrics.record({
        method,
        path,
        status: isApiError(error) ? error.status : attempt.status,
        ok: false,
        durationMs: this.now() - startedAt,
        retries: attempt.retries,
        errorCode: isApiError(error) ? error.code : 'UNKNOWN',
        startedAt,
      });
      throw error;
    }
  }

  private async execute(
    method: HttpMethod,
    path: string,
    options: RequestOptions,
    attempt: Attempt,
  ): Promise<unknown> {
    const mode: AuthMode = isAnonymousCall(method, path) ? 'none' : (options.auth ?? 'required');
    const url = `${this.baseUrl}${withQuery(path, options.query)}`;
    let csrfRecovered = false;
    let authRecovered = false;
    for (;;) {
      const token = await this.tokenFor(mode);
      const csrfToken = needsCsrfToken(method, path) ? await this.csrf.getToken() : null;
      const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      if (token !== null) headers.Authorization = `Bearer ${token}`;
      if (csrfToken !== null) headers[CSRF_HEADER] = csrfToken;
      const init: RequestInit = {
        method,
        headers,
        credentials: 'include',
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        ...(options.cache ? { cache: options.cache } : {}),
      };
      const response = await this.send(method, url, init, options, attempt);
      attempt.status = response.status;
      const body = await readBody(response);
      if (response.ok) return successValue(response, method, body);

      const errorBody = body.kind === 'json' ? body.value : null;
      if (response.status === 403 && csrfToken !== null && mentionsCsrf(errorBody)) {
        if (!csrfRecovered) {
          csrfRecovered = true;
          attempt.retries += 1;
          await this.csrf.refresh();
          continue;
        }
        throw new ApiError({
          code: CLIENT_CODES.csrf,
          status: 403,
          statusText: response.statusText,
          message: GENERIC_MESSAGES.csrfRetryFailed,
        });
      }
      if (response.status === 401 && mode !== 'none' && !isAuthFlowCall(path) && this.auth.isSignedIn()) {
        if (!authRecovered) {
          authRecovered = true;
          attempt.retries += 1;
          if (this.renewedToken(await this.renewSession()) !== null) continue;
        }
        throw this.sessionLost();
      }
      throw errorFromResponse(response.status, response.statusText, errorBody);
    }
  }

  /** Sends one request, retrying once after a retryable status or network error. */
  private async send(
    method: HttpMethod,
    url: string,
    init: RequestInit,
    options: RequestOptions,
    attempt: Attempt,
  ): Promise<Response> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    for (let retry = 0; ; retry += 1) {
      let response: Response;
      try {
        response = await fetchWithTimeout(this.fetchImpl, url, init, timeoutMs, options.signal);
      } catch (error) {
        const network = errorKind(error) === 'network';
        const delay = network ? retryDelayAfter(method, 'network', retry, this.retryBaseDelayMs) : null;
        if (delay === null) throw error;
        attempt.retries += 1;
        await this.sleep(delay);
        continue;
      }
      const delay = retryDelayAfter(method, response.status, retry, this.retryBaseDelayMs);
      if (delay === null) return response;
      attempt.retries += 1;
      // Discard the body without waiting: a cancel can stay pending while the stream is shared.
      void response.body?.cancel().catch(() => undefined);
      await this.sleep(delay);
    }
  }

  private async tokenFor(mode: AuthMode): Promise<string | null> {
    if (mode === 'none') return null;
    if (!this.auth.isExpiring()) return this.auth.getAccessToken();
    if (mode === 'optional') return null;
    if (!this.auth.isSignedIn()) {
      throw new ApiError({
        code: CLIENT_CODES.authFailed,
        status: 401,
        message: GENERIC_MESSAGES.authFailed,
      });
    }
    return this.renewedToken(await this.renewSession());
  }

  /** The renewed token, or the error: a refused session signs out, an unanswered renewal does not. */
  private renewedToken(outcome: RenewOutcome): string | null {
    if (outcome === 'renewed') return this.auth.getAccessToken();
    if (outcome === 'ended') throw this.sessionLost();
    throw new ApiError({ code: CLIENT_CODES.network, status: 0, message: GENERIC_MESSAGES.network });
  }

  /** Clears the session (listeners open the session-expired dialog) and returns the error to throw. */
  private sessionLost(): ApiError {
    this.auth.signOut('session-expired');
    return new ApiError({ code: CLIENT_CODES.authFailed, status: 401, message: GENERIC_MESSAGES.authFailed });
  }

  private async fetchCsrfToken(): Promise<CsrfToken> {
    if (!this.auth.isExpiring()) {
      try {
        return this.readCsrf(await this.request<unknown>('/csrf/csrf-token-secure', { auth: 'optional' }));
      } catch (error) {
        if (!(isApiError(error) && error.status === 401)) throw error;
      }
    }
    return this.readCsrf(await this.request<unknown>('/csrf/csrf-token', { auth: 'none' }));
  }

  private readCsrf(body: unknown): CsrfToken {
    const token = parseCsrfResponse(body, this.now());
    if (token === null) {
      throw new ApiError({ code: 'INVALID_CSRF_RESPONSE', status: 200, message: GENERIC_MESSAGES.fallback });
    }
    return token;
  }
}
