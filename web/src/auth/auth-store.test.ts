// Session store: token in memory, user in storage, expiry margin, notifications.
import { describe, expect, it, vi } from 'vitest';
import { AuthStore, USER_STORAGE_KEY, type KeyValueStorage } from './auth-store.js';

class MemoryStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

const USER = { id: 'u1', username: 'ada', email: 'ada@example.com', needsUsernameSelection: false };

describe('AuthStore', () => {
  it('keeps the token in memory and the user in storage', () => {
    const storage = new MemoryStorage();
    const store = new AuthStore({ storage });
    store.setSession({ accessToken: 'tok', expiresIn: 900, user: USER });
    expect(store.getAccessToken()).toBe('tok');
    expect(JSON.parse(storage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(USER);
    expect([...storage.map.values()].join()).not.toContain('tok');
    const reloaded = new AuthStore({ storage });
    expect(reloaded.getUser()).toEqual(USER);
    expect(reloaded.getAccessToken()).toBeNull();
    expect(reloaded.isSignedIn()).toBe(true);
    expect(reloaded.isExpiring()).toBe(true);
  });

  it('counts the token as expiring under 120 s', () => {
    let now = 0;
    const store = new AuthStore({ now: () => now });
    store.setSession({ accessToken: 't', expiresIn: 300 });
    expect(store.isExpiring()).toBe(false);
    now = 180_000; // exactly 120 s left
    expect(store.isExpiring()).toBe(false);
    now = 180_001;
    expect(store.isExpiring()).toBe(true);
    expect(store.remainingMs()).toBe(119_999);
  });

  it('notifies subscribers with a new snapshot on every change', () => {
    const store = new AuthStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getSnapshot();
    store.setSession({ accessToken: 't', expiresIn: 900, user: USER });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBe(before);
    expect(store.getSnapshot()).toEqual({ user: USER, hasAccessToken: true });
    expect(store.getSnapshot()).toBe(store.getSnapshot());
    unsubscribe();
    store.signOut('logout');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('clears everything on sign-out and tells sign-out listeners the reason once', () => {
    const storage = new MemoryStorage();
    const store = new AuthStore({ storage });
    const onSignOut = vi.fn();
    store.onSignOut(onSignOut);
    store.setSession({ accessToken: 't', expiresIn: 900, user: USER });
    store.signOut('session-expired');
    store.signOut('session-expired');
    expect(store.getUser()).toBeNull();
    expect(store.getAccessToken()).toBeNull();
    expect(storage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(onSignOut).toHaveBeenCalledWith('session-expired');
  });

  it('discards a corrupt stored user', () => {
    const storage = new MemoryStorage();
    storage.setItem(USER_STORAGE_KEY, '{not json');
    expect(new AuthStore({ storage }).getUser()).toBeNull();
    expect(storage.getItem(USER_STORAGE_KEY)).toBeNull();
    storage.setItem(USER_STORAGE_KEY, JSON.stringify({ username: 'no-id' }));
    expect(new AuthStore({ storage }).getUser()).toBeNull();
  });

  it('keeps working when storage throws', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = new AuthStore({ storage: broken });
    store.setSession({ accessToken: 't', expiresIn: 900, user: USER });
    expect(store.getUser()).toEqual(USER);
    store.signOut('logout');
    expect(store.getUser()).toBeNull();
  });
});
