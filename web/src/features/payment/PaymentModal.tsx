// The payment modal of spec section 2: "Complete Your Purchase". It does not close on an overlay
// click; Escape and Close work except while paying or saving.
import { useRouteContext } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useAuth } from '../../auth/use-auth.js';
import { Spinner } from '../../components/Spinner.js';
import { CheckoutForm } from './CheckoutForm.js';
import { MODAL_TEXT } from './payment-messages.js';
import { PayErrorState } from './PayErrorState.js';
import type { PaymentResult, PendingPurchase } from './types.js';
import { usePaymentSetup } from './use-payment-setup.js';
import { startUserAction } from '../../api/user-action.js';
import './payment.css';
import { ModalCloseButton } from '../../components/ModalCloseButton.js';
import { ModalBackdrop } from '../../components/ModalBackdrop.js';
import { useFocusedHeading } from '../../lib/use-modal.js';

export interface PaymentModalProps {
  purchase: PendingPurchase;
  onClose(): void;
  onComplete(result: PaymentResult): void;
  /** Told when saving the paid pixels starts and ends (the editor's button says "Saving..." then). */
  onSavingChange?(saving: boolean): void;
}

export function PaymentModal({ purchase, onClose, onComplete, onSavingChange }: PaymentModalProps) {
  const appApi = useRouteContext({ from: '__root__', select: (c) => c.api });
  // Paying is one user action from the opening of the modal to the saved pixels: the intent, the
  // address updates, the confirmation, the verification and the save share one trace.
  const [api] = useState(() => appApi.forAction(startUserAction('pay')));
  const userId = useAuth().user?.id ?? null;
  const setup = usePaymentSetup(api, purchase, userId ?? '');
  const [busy, setBusy] = useState(false);
  const title = useFocusedHeading();
  const { state } = setup;

  let body: ReactNode;
  switch (state.name) {
    case 'loading':
    case 'preparing':
      body = (
        <div className="pay-state">
          <Spinner label={MODAL_TEXT[state.name]} size="lg" />
        </div>
      );
      break;
    case 'system-error':
      body = (
        <PayErrorState title={MODAL_TEXT.systemError} message={state.message} onClose={onClose}>
          <button
            type="button"
            className="button button--primary"
            onClick={setup.retry}
            disabled={setup.retrying}
          >
            {MODAL_TEXT.retrySystem}
          </button>
        </PayErrorState>
      );
      break;
    case 'init-error':
      body = <PayErrorState title={MODAL_TEXT.initError} message={state.message} onClose={onClose} />;
      break;
    case 'ready':
      body = (
        <CheckoutForm
          api={api}
          purchase={purchase}
          userId={userId}
          config={state.config}
          stripe={state.stripe}
          intent={state.intent}
          estimate={setup.estimate}
          metadata={setup.metadata}
          onClose={onClose}
          onComplete={onComplete}
          onBusyChange={setBusy}
          onSavingChange={onSavingChange}
        />
      );
      break;
  }

  return (
    <ModalBackdrop className="pay-modal" onEscape={onClose} busy={busy}>
      <div
        className="modal-card pay-modal__card"
        role="dialog"
        aria-modal="true"
        aria-labelledby="pay-modal-title"
      >
        <header className="modal-card__header pay-modal__header">
          <h2 id="pay-modal-title" ref={title} tabIndex={-1}>
            {MODAL_TEXT.title}
          </h2>
          {state.name === 'ready' && state.config.kind === 'sandbox' ? (
            <span className="pay-modal__mode">{MODAL_TEXT.testMode}</span>
          ) : null}
          <ModalCloseButton className="pay-modal__close" onClose={onClose} disabled={busy} />
        </header>
        <p className="pay-modal__lead">
          {purchase.pixels.length === 1 ? '1 pixel' : `${purchase.pixels.length} pixels`} on board{' '}
          {purchase.boardIndex}
        </p>
        {body}
      </div>
    </ModalBackdrop>
  );
}
