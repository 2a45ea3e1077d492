// The verify-e-mail dialog of the artist-selection page: opened when a signed-in visitor's vote is
// refused because they may not vote yet (VOTER_NOT_ELIGIBLE, @tessera/facts/eligibility). It keeps
// the refused vote, which is sent again once the address is verified.
import { useSyncExternalStore } from 'react';
import { VOTER_NOT_ELIGIBLE } from '@tessera/facts/eligibility';
import { isApiError } from '../../api/errors.js';

export interface VerifyEmailState {
  /** The refused vote, sent again after verification; null while the dialog is closed. */
  retry: (() => void) | null;
}

let state: VerifyEmailState = { retry: null };
const listeners = new Set<() => void>();

function set(next: VerifyEmailState): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

export function openVerifyEmail(retry: () => void): void {
  set({ retry });
}

export function closeVerifyEmail(): void {
  if (state.retry !== null) set({ retry: null });
}

export function useVerifyEmail(): VerifyEmailState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

/** A vote refused because the voter may not vote yet (not the author's own vote). */
export function isIneligibleVote(error: unknown): boolean {
  return isApiError(error) && error.code === VOTER_NOT_ELIGIBLE;
}
