// Sign-in dialog: variants, store and the session-expired flow.
import { describe, expect, it, vi } from 'vitest';
import { AuthStore } from '../../auth/auth-store.js';
import { SIGN_IN_REASONS, dialogContent } from './dialog-content.js';
import { watchSessionExpiry } from './session-expiry.js';
import { SignInDialogStore } from './sign-in-dialog-store.js';

describe('dialogContent', () => {
  it('titles every reason as the spec says', () => {
    expect(dialogContent('board-edit').title).toBe('Sign In to Edit');
    expect(dialogContent('board-lock').title).toBe('Sign In to Claim Board');
    expect(dialogContent('pixel-purchase').title).toBe('Sign In to Purchase');
    expect(dialogContent('pixel-purchase').features.join(' ')).toContain('70%');
    expect(dialogContent('session-expired').title).toBe('Session Expired');
    expect(dialogContent('api-auth-error').title).toBe('Authentication Required');
    expect(dialogContent('protected-action').title).toBe('Sign In Required');
    expect(dialogContent('default').title).toBe('Sign In Required');
    expect(dialogContent('something-else').title).toBe('Sign In Required');
    for (const reason of SIGN_IN_REASONS) {
      expect(dialogContent(reason).description.length).toBeGreaterThan(10);
      expect(dialogContent(reason).features.length).toBeGreaterThan(0);
    }
  });
});

describe('SignInDialogStore', () => {
  it('opens with a reason and closes, notifying once per change', () => {
    const store = new SignInDialogStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.open('board-lock');
    store.open('board-lock');
    expect(store.getSnapshot()).toEqual({ open: true, reason: 'board-lock' });
    store.close();
    store.close();
    expect(store.getSnapshot().open).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('watchSessionExpiry', () => {
  it('opens the session-expired dialog and goes to /login after 2 s', () => {
    vi.useFakeTimers();
    try {
      const auth = new AuthStore();
      const openDialog = vi.fn();
      const toLogin = vi.fn();
      const stop = watchSessionExpiry({ auth, openDialog, toLogin });
      auth.setSession({ accessToken: 't', expiresIn: 900 });
      auth.signOut('session-expired');
      expect(openDialog).toHaveBeenCalledWith('session-expired');
      vi.advanceTimersByTime(1999);
      expect(toLogin).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(toLogin).toHaveBeenCalledTimes(1);

      auth.setSession({ accessToken: 't', expiresIn: 900 });
      auth.signOut('logout');
      vi.advanceTimersByTime(5000);
      expect(openDialog).toHaveBeenCalledTimes(1);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
