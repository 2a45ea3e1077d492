// What the modals share: the heading takes the focus when the modal opens (and when its step changes),
// and Escape closes it.
import { useEffect, useRef } from 'react';
import { useLatest } from './use-latest.js';

/**
 * A ref for the modal's heading (with tabIndex -1), focused on mount and again whenever `focusOn`
 * changes (a tutorial's next step), so a screen reader announces what the modal now shows.
 */
export function useFocusedHeading(focusOn?: unknown) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), [focusOn]);
  return ref;
}

type KeyEventLike = Pick<KeyboardEvent, 'key' | 'stopPropagation'>;

/**
 * The Escape rule of every modal: Escape closes it unless it is busy (paying, submitting), and goes
 * no further either way, so the page behind (the editor's Escape leaves the board) never acts on it
 * too. True when the key was Escape.
 */
export function handleModalEscape(event: KeyEventLike, close: () => void, busy: boolean): boolean {
  if (event.key !== 'Escape') return false;
  event.stopPropagation();
  if (!busy) close();
  return true;
}

/**
 * Escape anywhere on the page while the modal is open, by handleModalEscape. Listened for on the
 * window before anything else sees it (the capture phase), so it also works when the focus has left
 * the modal, and the page's own keyboard handlers never receive it.
 */
export function useEscapeToClose(onClose: () => void, busy: boolean): void {
  const close = useLatest(onClose);
  const isBusy = useLatest(busy);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) =>
      void handleModalEscape(event, () => close.current(), isBusy.current);
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [close, isBusy]);
}
