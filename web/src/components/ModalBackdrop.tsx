// The backdrop of a modal over the board editor or the canvas (colour, Board Locked). Escape follows
// every modal's rule (lib/use-modal's useEscapeToClose): it closes the modal and goes no further, so
// the page behind does not act on it too.
import type { ReactNode } from 'react';
import { useEscapeToClose } from '../lib/use-modal.js';

export function ModalBackdrop({
  className,
  onEscape,
  children,
}: {
  /** The modal's own class, beside the shared `modal-backdrop`. */
  className: string;
  onEscape: () => void;
  children: ReactNode;
}) {
  useEscapeToClose(onEscape, false);
  return (
    <div className={`modal-backdrop ${className}`} role="presentation">
      {children}
    </div>
  );
}
