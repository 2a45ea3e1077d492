// A failed step of the payment modal (the intent, the configuration or the save after paying).
import type { ReactNode } from 'react';

interface Props {
  /** The step's heading, when it has one. */
  title?: string;
  message: string;
  /** A line under the message (an automatic retry's countdown). */
  hint?: string;
  onClose: () => void;
  /** Further actions after Close (a retry). */
  children?: ReactNode;
}

/** The step's title, the message, Close and any further actions. */
export function PayErrorState({ title, message, hint, onClose, children }: Props) {
  return (
    <div className="pay-state pay-state--error" role="alert">
      {title !== undefined ? <h3 className="pay-state__title">{title}</h3> : null}
      <p className="pay-state__message">{message}</p>
      {hint !== undefined ? <p className="pay-state__hint">{hint}</p> : null}
      <div className="pay-actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
        {children}
      </div>
    </div>
  );
}
