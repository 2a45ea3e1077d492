// Renders the toast queue at top-center. Errors are announced assertively, the rest politely.
import { useSyncExternalStore } from 'react';
import { toastStore, type Toast } from './toast-store.js';

const ICONS: Record<Toast['kind'], string> = { success: '✓', error: '!', info: 'i', warning: '!' };

export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions">
      {toasts.map((t) => (
        <div
          key={t.id}
          className={`toast toast--${t.kind}`}
          role={t.kind === 'error' ? 'alert' : 'status'}
          style={{ ['--toast-duration' as string]: `${t.durationMs}ms` }}
        >
          <span className="toast__icon" aria-hidden="true">
            {ICONS[t.kind]}
          </span>
          <span className="toast__message">{t.message}</span>
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss notification"
            onClick={() => toastStore.dismiss(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
