// React binding of the session store.
import { useSyncExternalStore } from 'react';
import type { AuthSnapshot } from './auth-store.js';
import { authStore } from './index.js';

export function useAuth(): AuthSnapshot {
  return useSyncExternalStore(authStore.subscribe, authStore.getSnapshot, authStore.getSnapshot);
}

/**
 * Whether the visitor is signed in, by the store's one rule (AuthStore.isSignedIn: a user record or an
 * access token). Re-renders only when the answer changes.
 */
export function useSignedIn(): boolean {
  const signedIn = () => authStore.isSignedIn();
  return useSyncExternalStore(authStore.subscribe, signedIn, signedIn);
}
