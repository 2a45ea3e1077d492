// Background access-token refresh 120 s before expiry.
import { describe, expect, it, vi } from 'vitest';
import { AuthStore } from './auth-store.js';
import { refreshDelayMs, startTokenRefresh } from './token-refresh.js';

describe('refreshDelayMs', () => {
  it('refreshes when 120 s remain, never sooner than half the remaining life', () => {
    expect(refreshDelayMs(900_000)).toBe(780_000);
    expect(refreshDelayMs(60_000)).toBe(30_000);
    expect(refreshDelayMs(0)).toBeNull();
  });
});

describe('startTokenRefresh', () => {
  it('schedules one refresh per token and none without a token', () => {
    vi.useFakeTimers();
    try {
      let now = 0;
      const auth = new AuthStore({ now: () => now });
      const refresh = vi.fn(async () => true);
      const stop = startTokenRefresh({ auth, refresh });
      vi.advanceTimersByTime(10_000_000);
      expect(refresh).not.toHaveBeenCalled();

      auth.setSession({ accessToken: 'a', expiresIn: 900 });
      vi.advanceTimersByTime(779_999);
      now += 779_999;
      expect(refresh).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(refresh).toHaveBeenCalledTimes(1);

      auth.setSession({ accessToken: 'b', expiresIn: 900 });
      auth.signOut('logout');
      vi.advanceTimersByTime(10_000_000);
      expect(refresh).toHaveBeenCalledTimes(1);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
