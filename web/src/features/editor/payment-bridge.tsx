// The Pay button hands the pending purchase to the payment feature's modal
// (`web/src/features/payment/index.ts`: <PaymentModal purchase onClose onComplete />). The feature is
// loaded on first use, so none of its code is in the editor's initial bundle.
import { lazy, Suspense } from 'react';
import type { PaymentModalProps } from '../payment/index.js';

export type { PaymentModalProps, PaymentResult, PendingPurchase } from '../payment/index.js';

const LazyPaymentModal = lazy(() => import('../payment/index.js').then((m) => ({ default: m.PaymentModal })));

export function PaymentModalSlot(props: PaymentModalProps) {
  return (
    <Suspense fallback={null}>
      <LazyPaymentModal {...props} />
    </Suspense>
  );
}
