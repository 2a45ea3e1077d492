// Whether application services (board-lock state after sign-in) are still initialising.
// Hidden by default; the lock feature turns it on while it restores the user's lock.
import { useSyncExternalStore } from 'react';

let initializing = false;
const listeners = new Set<() => void>();

export const servicesStatus = {
  setInitializing(value: boolean): void {
    if (value === initializing) return;
    initializing = value;
    for (const listener of [...listeners]) listener();
  },
  isInitializing: (): boolean => initializing,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useServicesInitializing(): boolean {
  return useSyncExternalStore(
    servicesStatus.subscribe,
    servicesStatus.isInitializing,
    servicesStatus.isInitializing,
  );
}
