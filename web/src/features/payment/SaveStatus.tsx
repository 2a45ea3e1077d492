// After the payment: saving the pixels, a save error with its retry, or the end.
import { Spinner } from '../../components/Spinner.js';
import { PayErrorState } from './PayErrorState.js';
import type { CheckoutPhase } from './use-checkout.js';

interface Props {
  phase: Extract<CheckoutPhase, { name: 'saving' | 'save-error' | 'done' }>;
  onRetry(): void;
  onClose(): void;
}

export function SaveStatus({ phase, onRetry, onClose }: Props) {
  if (phase.name === 'saving') {
    return (
      <div className="pay-state">
        <Spinner
          label={phase.attempt > 1 ? 'Saving your pixels (retrying)...' : 'Saving your pixels...'}
          size="lg"
        />
      </div>
    );
  }
  if (phase.name === 'done') {
    return (
      <div className="pay-state">
        <Spinner label="Saving your pixels..." size="lg" />
      </div>
    );
  }
  return (
    <PayErrorState
      message={phase.message}
      hint={phase.retry === 'auto' ? 'Retrying in 3 seconds...' : undefined}
      onClose={onClose}
    >
      {phase.retry !== 'none' ? (
        <button type="button" className="button button--primary" onClick={onRetry}>
          {phase.retry === 'auto' ? 'Retry now' : 'Retry Save'}
        </button>
      ) : null}
    </PayErrorState>
  );
}
