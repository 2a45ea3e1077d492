// React binding of the session store.
import { useSyncExternalStore } from 'react';
import type { AuthSnapshot } from './auth-store.js';
import { authStore } from './index.js';

export function useAuth(): AuthSnapshot {
  return useSyncExternalStore(authStore.subscribe, authStore.getSnapshot, authStore.getSnapshot);
}
