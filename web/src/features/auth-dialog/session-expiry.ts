// The session-expired flow (spec section 4): when the API client gives up on the session, the auth
// store signs out with reason session-expired; the sign-in dialog then opens and, 2 s later, the
// visitor is sent to /login.
import type { AuthStore } from '../../auth/auth-store.js';
import { singleTimer, type TimerDeps } from '../../lib/single-timer.js';
import type { SignInReason } from './dialog-content.js';

export const SESSION_EXPIRED_REDIRECT_MS = 2000;

export interface SessionExpiryDeps extends TimerDeps {
  auth: Pick<AuthStore, 'onSignOut'>;
  openDialog: (reason: SignInReason) => void;
  /** Called after the delay; the app navigates to /login (unless it is already there). */
  toLogin: () => void;
  delayMs?: number;
}

/** Starts watching; returns the function that stops it (and cancels a pending redirect). */
export function watchSessionExpiry(deps: SessionExpiryDeps): () => void {
  const redirect = singleTimer(deps);
  const stop = deps.auth.onSignOut((reason) => {
    if (reason !== 'session-expired') return;
    deps.openDialog('session-expired');
    redirect.start(() => deps.toLogin(), deps.delayMs ?? SESSION_EXPIRED_REDIRECT_MS);
  });
  return () => {
    stop();
    redirect.cancel();
  };
}
