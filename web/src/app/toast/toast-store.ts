// Toast queue: top-center notifications that dismiss themselves (default 3 s; success 2 s; error 4 s;
// at most 20 at once, the oldest dropped first).
import { browserClock, type Clock } from '../../lib/clock.js';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  durationMs: number;
}

export interface ToastOptions {
  durationMs?: number;
}

export const TOAST_LIMIT = 20;
/** A toast's time on screen unless said otherwise (spec: "3 s default"; feedback toasts too). */
export const TOAST_DEFAULT_MS = 3000;
export const DEFAULT_DURATIONS: Record<ToastKind, number> = {
  success: 2000,
  error: 4000,
  info: TOAST_DEFAULT_MS,
  warning: TOAST_DEFAULT_MS,
};

export class ToastStore {
  private toasts: readonly Toast[] = [];
  private nextId = 1;
  private readonly timers = new Map<number, unknown>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly clock: Pick<Clock, 'setTimeout' | 'clearTimeout'> = browserClock,
    private readonly limit: number = TOAST_LIMIT,
  ) {}

  /** Shows a toast and returns its id. A durationMs of 0 or less keeps it until dismissed. */
  show(kind: ToastKind, message: string, options: ToastOptions = {}): number {
    const id = this.nextId++;
    const durationMs = options.durationMs ?? DEFAULT_DURATIONS[kind];
    let next = [...this.toasts, { id, kind, message, durationMs }];
    while (next.length > this.limit) {
      const dropped = next[0];
      next = next.slice(1);
      if (dropped) this.clearTimer(dropped.id);
    }
    this.toasts = next;
    if (durationMs > 0)
      this.timers.set(
        id,
        this.clock.setTimeout(() => this.dismiss(id), durationMs),
      );
    this.emit();
    return id;
  }

  dismiss(id: number): void {
    if (!this.toasts.some((t) => t.id === id)) return;
    this.clearTimer(id);
    this.toasts = this.toasts.filter((t) => t.id !== id);
    this.emit();
  }

  clear(): void {
    for (const id of this.timers.keys()) this.clearTimer(id);
    this.toasts = [];
    this.emit();
  }

  getSnapshot = (): readonly Toast[] => this.toasts;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private clearTimer(id: number): void {
    const handle = this.timers.get(id);
    if (handle !== undefined) this.clock.clearTimeout(handle);
    this.timers.delete(id);
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

export const toastStore = new ToastStore();

/** The app-wide toast API: toast.success/error/info/warning(message, { durationMs }). */
export const toast = {
  success: (message: string, options?: ToastOptions) => toastStore.show('success', message, options),
  error: (message: string, options?: ToastOptions) => toastStore.show('error', message, options),
  info: (message: string, options?: ToastOptions) => toastStore.show('info', message, options),
  warning: (message: string, options?: ToastOptions) => toastStore.show('warning', message, options),
  dismiss: (id: number) => toastStore.dismiss(id),
};
