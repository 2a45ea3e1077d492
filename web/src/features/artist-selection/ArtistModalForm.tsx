// The artist-selection page's modal form: on the shared backdrop (Escape closes it unless busy), the
// dialog card with its heading (focused on open) and close button, busy while a call runs. The Submit Artwork modal and the verify-e-mail
// dialog are each one of these.
import { useId, type FormEvent, type ReactNode } from 'react';
import { ModalBackdrop } from '../../components/ModalBackdrop.js';
import { ModalCloseButton } from '../../components/ModalCloseButton.js';
import { useFocusedHeading } from '../../lib/use-modal.js';
import './submit-modal.css';

export function ArtistModalForm({
  title,
  busy,
  className = '',
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  busy: boolean;
  /** Extra class on the backdrop. */
  className?: string;
  onClose(): void;
  onSubmit(event: FormEvent): void;
  children: ReactNode;
}) {
  const titleId = useId();
  const headingRef = useFocusedHeading();
  return (
    <ModalBackdrop className={`artist-modal ${className}`.trim()} onEscape={onClose} busy={busy}>
      <form
        className="modal-card artist-modal__card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={busy || undefined}
        noValidate
        onSubmit={onSubmit}
      >
        <header className="modal-card__header">
          <h2 id={titleId} ref={headingRef} tabIndex={-1}>
            {title}
          </h2>
          <ModalCloseButton className="artist-modal__close" onClose={onClose} disabled={busy} />
        </header>
        {children}
      </form>
    </ModalBackdrop>
  );
}
