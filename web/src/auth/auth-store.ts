// Client-side session: the access token lives in memory only, the user record in local storage.
// Components read it through useSyncExternalStore (subscribe + getSnapshot); the API client reads the
// token and refreshes it when isExpiring() says so.
import { toStoredUser, type AuthUser } from './auth-user.js';

/** An access token counts as expiring when fewer than this many milliseconds remain. */
export const TOKEN_EXPIRY_MARGIN_MS = 120_000;
export const USER_STORAGE_KEY = 'tessera.auth.user';

export type SignOutReason = 'logout' | 'session-expired' | 'invalid-data';

export interface AuthSnapshot {
  user: AuthUser | null;
  hasAccessToken: boolean;
}

/** The part of the Web Storage API the store needs (localStorage in the browser). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface AuthStoreOptions {
  storage?: KeyValueStorage | null;
  now?: () => number;
}

type Listener = () => void;
type SignOutListener = (reason: SignOutReason) => void;

export class AuthStore {
  private readonly storage: KeyValueStorage | null;
  private readonly now: () => number;
  private accessToken: string | null = null;
  private accessTokenExpiresAt = 0;
  private user: AuthUser | null;
  private snapshot: AuthSnapshot;
  private readonly listeners = new Set<Listener>();
  private readonly signOutListeners = new Set<SignOutListener>();

  constructor(options: AuthStoreOptions = {}) {
    this.storage = options.storage ?? null;
    this.now = options.now ?? Date.now;
    this.user = this.readStoredUser();
    this.snapshot = { user: this.user, hasAccessToken: false };
  }

  getAccessToken(): string | null {
    return this.accessToken;
  }

  getUser(): AuthUser | null {
    return this.user;
  }

  /** Signed in as far as the client knows: a user record or an access token is present. */
  isSignedIn(): boolean {
    return this.user !== null || this.accessToken !== null;
  }

  /** True when there is no access token or fewer than 120 s of it remain. */
  isExpiring(): boolean {
    return this.accessToken === null || this.accessTokenExpiresAt - this.now() < TOKEN_EXPIRY_MARGIN_MS;
  }

  /** Milliseconds until the access token expires (0 when there is none or it has expired). */
  remainingMs(): number {
    return this.accessToken === null ? 0 : Math.max(0, this.accessTokenExpiresAt - this.now());
  }

  /** Stores a new session after sign-in, registration, OAuth exchange or refresh. */
  setSession(session: { accessToken: string; expiresIn: number; user?: AuthUser | null }): void {
    this.accessToken = session.accessToken;
    this.accessTokenExpiresAt = this.now() + Math.max(0, session.expiresIn) * 1000;
    if (session.user) this.writeUser(session.user);
    this.emit();
  }

  setUser(user: AuthUser): void {
    this.writeUser(user);
    this.emit();
  }

  /** Clears the session and tells the sign-out listeners why (the app opens its dialogs from there). */
  signOut(reason: SignOutReason): void {
    const wasSignedIn = this.isSignedIn();
    this.accessToken = null;
    this.accessTokenExpiresAt = 0;
    this.user = null;
    this.safeStorage((s) => s.removeItem(USER_STORAGE_KEY));
    this.emit();
    if (wasSignedIn) for (const listener of [...this.signOutListeners]) listener(reason);
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  onSignOut(listener: SignOutListener): () => void {
    this.signOutListeners.add(listener);
    return () => this.signOutListeners.delete(listener);
  }

  getSnapshot = (): AuthSnapshot => this.snapshot;

  private emit(): void {
    this.snapshot = { user: this.user, hasAccessToken: this.accessToken !== null };
    for (const listener of [...this.listeners]) listener();
  }

  private writeUser(user: AuthUser): void {
    this.user = user;
    this.safeStorage((s) => s.setItem(USER_STORAGE_KEY, JSON.stringify(user)));
  }

  private readStoredUser(): AuthUser | null {
    const raw = this.safeStorage((s) => s.getItem(USER_STORAGE_KEY)) ?? null;
    if (raw === null) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = null;
    }
    const user = toStoredUser(parsed);
    if (user === null) this.safeStorage((s) => s.removeItem(USER_STORAGE_KEY));
    return user;
  }

  /** Storage can throw (quota, privacy mode); the session then lives in memory only. */
  private safeStorage<T>(fn: (storage: KeyValueStorage) => T): T | undefined {
    if (this.storage === null) return undefined;
    try {
      return fn(this.storage);
    } catch {
      return undefined;
    }
  }
}

/** localStorage when the browser allows it, else null. */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}
