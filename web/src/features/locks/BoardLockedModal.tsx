// "Board Locked" (editor: who holds it and until when, Go Back to Canvas / Refresh) and the canvas
// page's "Board Currently Locked" / "This Board is Currently Being Edited" (holder and minutes left,
// Back to Canvas / Close).
import { ModalBackdrop } from '../../components/ModalBackdrop.js';
import { useFocusedHeading } from '../../lib/use-modal.js';
import { LOCK_MESSAGES } from '@tessera/facts/locks';
import { lockTime } from './lock-messages.js';

interface EditorVariant {
  variant: 'editor';
  boardIndex: number;
  username: string | null;
  expiresAt: number | null;
  refreshing?: boolean;
  onBack: () => void;
  onRefresh: () => void;
}

interface CanvasVariant {
  variant: 'canvas';
  boardIndex: number;
  username: string | null;
  minutesRemaining: number;
  onClose: () => void;
}

export function BoardLockedModal(props: EditorVariant | CanvasVariant) {
  const headingRef = useFocusedHeading();
  const close = props.variant === 'editor' ? props.onBack : props.onClose;
  const title = props.variant === 'editor' ? 'Board Locked' : 'Board Currently Locked';

  return (
    <ModalBackdrop className="lock-modal" onEscape={close}>
      <div className="lock-modal__card" role="dialog" aria-modal="true" aria-labelledby="lock-modal-title">
        <div className="lock-modal__icon" aria-hidden="true">
          <LockGlyph />
        </div>
        <h2 id="lock-modal-title" ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        {props.variant === 'canvas' && (
          <p className="lock-modal__subtitle">This Board is Currently Being Edited</p>
        )}
        {props.username === null ? (
          <p>{LOCK_MESSAGES.unknownHolder}</p>
        ) : (
          <p>
            Board {props.boardIndex} is being edited by{' '}
            <strong className="lock-modal__user">{props.username}</strong>.
          </p>
        )}
        {props.variant === 'editor' ? (
          props.expiresAt !== null && (
            <p className="lock-modal__time">
              Locked until{' '}
              <time dateTime={new Date(props.expiresAt).toISOString()}>{lockTime(props.expiresAt)}</time>
            </p>
          )
        ) : (
          <p className="lock-modal__time">
            {props.minutesRemaining} {props.minutesRemaining === 1 ? 'minute' : 'minutes'} remaining
          </p>
        )}
        <div className="lock-modal__actions">
          {props.variant === 'editor' ? (
            <>
              <button type="button" className="button button--primary" onClick={props.onBack}>
                Go Back to Canvas
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={props.onRefresh}
                disabled={props.refreshing}
              >
                Refresh
              </button>
            </>
          ) : (
            <>
              <button type="button" className="button button--primary" onClick={props.onClose}>
                Back to Canvas
              </button>
              <button type="button" className="button button--secondary" onClick={props.onClose}>
                Close
              </button>
            </>
          )}
        </div>
      </div>
    </ModalBackdrop>
  );
}

export function LockGlyph({ size = 28 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}
