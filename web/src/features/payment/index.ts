// The payment feature's public interface for the board editor.
import { createElement, lazy, Suspense } from 'react';
import type { PaymentModalProps } from './PaymentModal.js';

export type { PendingPixel, PendingPurchase, PaymentResult } from './types.js';
export type { PaymentModalProps } from './PaymentModal.js';
export { estimateBreakdown } from './pricing.js';
export type { PaymentBreakdown } from './pricing.js';

const LazyPaymentModal = lazy(() => import('./PaymentModal.js').then((m) => ({ default: m.PaymentModal })));

/**
 * The payment modal ("Complete Your Purchase"). Its code, styles and, with a real key, Stripe load on
 * first use, so none of it is in the initial bundle. onComplete runs after payment and save succeeded.
 */
export function PaymentModal(props: PaymentModalProps) {
  return createElement(Suspense, { fallback: null }, createElement(LazyPaymentModal, props));
}
