// After the payment: saving the pixels, a save error with its retry, or the end.
import { Spinner } from '../../components/Spinner.js';
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
    <div className="pay-state pay-state--error" role="alert">
      <p className="pay-state__message">{phase.message}</p>
      {phase.retry === 'auto' ? <p className="pay-state__hint">Retrying in 3 seconds...</p> : null}
      <div className="pay-actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
        {phase.retry !== 'none' ? (
          <button type="button" className="button button--primary" onClick={onRetry}>
            {phase.retry === 'auto' ? 'Retry now' : 'Retry Save'}
          </button>
        ) : null}
      </div>
    </div>
  );
}
