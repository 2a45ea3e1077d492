// The Pay button hands the pending purchase to the payment feature's modal
// (`web/src/features/payment/index.ts`: <PaymentModal purchase onClose onComplete />). The module is
// found at build time: until it exists, Pay stays visible and says why it cannot pay yet.
import { lazy, Suspense, type ComponentType } from 'react';
import type { PaymentResult, PendingPurchase } from '../payment/types.js';

export type { PaymentResult };

export interface PaymentModalProps {
  purchase: PendingPurchase;
  onClose: () => void;
  /** Called after payment and save succeeded. */
  onComplete: (result: PaymentResult) => void;
}

const modules = import.meta.glob<{ PaymentModal: ComponentType<PaymentModalProps> }>('../payment/index.ts');
const load = Object.values(modules)[0];

export const PAYMENT_AVAILABLE = load !== undefined;

export const PAYMENT_UNAVAILABLE_MESSAGE =
  'Paying is not available in this version yet: the payment step is still being built. Your pending changes are kept.';

const LazyPaymentModal = load ? lazy(() => load().then((m) => ({ default: m.PaymentModal }))) : null;

export function PaymentModalSlot(props: PaymentModalProps) {
  if (!LazyPaymentModal) return null;
  return (
    <Suspense fallback={null}>
      <LazyPaymentModal {...props} />
    </Suspense>
  );
}
