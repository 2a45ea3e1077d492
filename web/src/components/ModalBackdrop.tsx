// The backdrop of a modal over the board editor or the canvas (colour, Board Locked): Escape inside it
// closes the modal and goes no further, so the page behind does not act on it too.
import type { ReactNode } from 'react';

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
  return (
    <div
      className={`modal-backdrop ${className}`}
      role="presentation"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onEscape();
        }
      }}
    >
      {children}
    </div>
  );
}
