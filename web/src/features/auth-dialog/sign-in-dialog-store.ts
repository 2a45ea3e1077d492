// Which sign-in dialog is open. Any feature opens it with openSignInDialog(reason).
import { useSyncExternalStore } from 'react';
import type { SignInReason } from './dialog-content.js';

export interface SignInDialogState {
  open: boolean;
  reason: SignInReason;
}

const CLOSED: SignInDialogState = { open: false, reason: 'default' };

export class SignInDialogStore {
  private state: SignInDialogState = CLOSED;
  private readonly listeners = new Set<() => void>();

  open(reason: SignInReason = 'default'): void {
    this.set({ open: true, reason });
  }

  close(): void {
    if (this.state.open) this.set({ ...this.state, open: false });
  }

  getSnapshot = (): SignInDialogState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: SignInDialogState): void {
    if (next.open === this.state.open && next.reason === this.state.reason) return;
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }
}

export const signInDialogStore = new SignInDialogStore();

/** Opens the sign-in dialog, e.g. openSignInDialog('board-edit') when a guest clicks a board. */
export function openSignInDialog(reason: SignInReason = 'default'): void {
  signInDialogStore.open(reason);
}

export function closeSignInDialog(): void {
  signInDialogStore.close();
}

export function useSignInDialog(): SignInDialogState {
  return useSyncExternalStore(
    signInDialogStore.subscribe,
    signInDialogStore.getSnapshot,
    signInDialogStore.getSnapshot,
  );
}
