// What the modals share: the heading takes the focus when the modal opens, and Escape closes it.
import { useEffect, useRef } from 'react';

/** A ref for the modal's heading (with tabIndex -1), focused once on mount. */
export function useFocusedHeading() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/** Escape anywhere on the page closes the modal, except while it is busy (paying, submitting). */
export function useEscapeToClose(onClose: () => void, busy: boolean): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busy) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, onClose]);
}
