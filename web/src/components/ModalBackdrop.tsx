// The backdrop of every modal (colour, Board Locked, payment, tutorial, the artist-selection forms).
// Escape follows every modal's rule (lib/use-modal's useEscapeToClose): it closes the modal unless it
// is busy, and goes no further, so the page behind does not act on it too.
import type { ReactNode } from 'react';
import { useEscapeToClose } from '../lib/use-modal.js';

export function ModalBackdrop({
  className,
  onEscape,
  busy = false,
  children,
}: {
  /** The modal's own class, beside the shared `modal-backdrop`. */
  className: string;
  onEscape: () => void;
  /** While true (paying, submitting), Escape does not close the modal. */
  busy?: boolean;
  children: ReactNode;
}) {
  useEscapeToClose(onEscape, busy);
  return (
    <div className={`modal-backdrop ${className}`} role="presentation">
      {children}
    </div>
  );
}
