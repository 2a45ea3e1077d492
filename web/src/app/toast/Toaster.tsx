// Renders the toast queue at top-center, below the page's header (toast-position.ts) so no toast covers
// the header's controls. Errors are announced assertively, the rest politely.
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { toastStore, type Toast } from './toast-store.js';
import { toastTop } from './toast-position.js';

/** The toaster's top, measured from the header while toasts are shown (and kept on scroll and resize). */
function useToastTop(toasts: readonly Toast[]): number {
  const active = toasts.length > 0;
  const [top, setTop] = useState(() => toastTop(null));
  useLayoutEffect(() => {
    if (!active) return;
    const measure = () => {
      const anchor = document.querySelector('[data-toast-anchor]');
      setTop(toastTop(anchor ? anchor.getBoundingClientRect().bottom : null));
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, { passive: true });
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure);
    };
    // Measured again for every new list: the page (and its header) may have changed meanwhile.
  }, [active, toasts]);
  return top;
}

const ICONS: Record<Toast['kind'], string> = { success: '✓', error: '!', info: 'i', warning: '!' };

export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  const top = useToastTop(toasts);
  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions" style={{ top }}>
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
