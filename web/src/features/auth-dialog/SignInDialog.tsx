// The sign-in dialog: title, description and feature list by reason, Sign In (to /login) and Cancel.
// A native modal <dialog>: focus stays inside, Escape and Cancel close it.
import { useEffect, useId, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { dialogContent, type SignInReason } from './dialog-content.js';
import { closeSignInDialog, useSignInDialog } from './sign-in-dialog-store.js';

export function SignInDialogView({
  reason,
  onSignIn,
  onCancel,
  titleId,
}: {
  reason: SignInReason;
  onSignIn: () => void;
  onCancel: () => void;
  titleId: string;
}) {
  const content = dialogContent(reason);
  return (
    <div className={`signin-dialog__body signin-dialog__body--${reason}`}>
      <span className="signin-dialog__icon" aria-hidden="true">
        {reason === 'session-expired' ? <ClockIcon /> : <LockIcon />}
      </span>
      <h2 id={titleId} className="signin-dialog__title">
        {content.title}
      </h2>
      <p className="signin-dialog__description">{content.description}</p>
      <ul className="signin-dialog__features">
        {content.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className="signin-dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button--primary" onClick={onSignIn} data-autofocus>
          Sign In
        </button>
      </div>
    </div>
  );
}

export function SignInDialog() {
  const { open, reason } = useSignInDialog();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const navigate = useNavigate();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, reason]);

  const signIn = () => {
    closeSignInDialog();
    void navigate({ to: '/login' });
  };

  return (
    <dialog
      ref={ref}
      className="signin-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: let the store close it, so the store and the element never disagree.
        event.preventDefault();
        closeSignInDialog();
      }}
      onClose={() => {
        // The close event arrives a task later: ignore it when the dialog was reopened meanwhile.
        if (!ref.current?.open) closeSignInDialog();
      }}
      onClick={(event) => {
        // A press on the backdrop (the dialog element itself, outside its body) closes it.
        if (event.target === ref.current) closeSignInDialog();
      }}
    >
      {open && (
        <SignInDialogView reason={reason} titleId={titleId} onSignIn={signIn} onCancel={closeSignInDialog} />
      )}
    </dialog>
  );
}

function LockIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="4" y="10" width="16" height="11" rx="2" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" strokeLinecap="round" />
      <circle cx="12" cy="15.5" r="1.5" fill="currentColor" stroke="none" />
    </svg>
  );
}

function ClockIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
