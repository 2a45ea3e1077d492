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
    // The header and what drops down from it (the editor's menu) are anchors: below the lowest one.
    const measure = () => {
      const bottoms = [...document.querySelectorAll('[data-toast-anchor]')].map(
        (a) => a.getBoundingClientRect().bottom,
      );
      setTop(toastTop(bottoms.length > 0 ? Math.max(...bottoms) : null));
    };
    // A click may open or close a menu under the header: measure once it has rendered.
    const afterClick = () => requestAnimationFrame(measure);
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, { passive: true });
    document.addEventListener('click', afterClick);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure);
      document.removeEventListener('click', afterClick);
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
