// The round "×" that closes a modal (Submit Artwork, payment); disabled while the modal is busy.
export function ModalCloseButton({
  className,
  onClose,
  disabled,
}: {
  /** The modal's own class for it, beside the shared `modal-close`. */
  className: string;
  onClose: () => void;
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      className={`modal-close ${className}`}
      aria-label="Close"
      onClick={onClose}
      disabled={disabled}
    >
      ×
    </button>
  );
}
