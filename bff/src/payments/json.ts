/** The spec's payment shapes (sections 3 and 7, `@tessera/api/payments`) from the payment service's messages. */
import type { OrderStateName, PaymentBreakdown, PaymentIntentStatus } from '@tessera/api/payments';
import type { PaymentIntent, PriceBreakdown } from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import { OrderState } from '@tessera/proto/tessera/payment/v1/payment_pb.js';

const dollars = (cents: number) => Math.round(cents) / 100;

/** `actualPaymentBreakdown`: the backend fields the modal reads (cents) plus dollar values for display. */
export function breakdownJson(b: PriceBreakdown | undefined): PaymentBreakdown {
  if (!b) throw new Error('payment service returned no breakdown');
  return {
    artist_color_count: b.artistColorCount,
    custom_color_count: b.customColorCount,
    artist_color_cents: b.artistColorCents,
    custom_color_cents: b.customColorCents,
    subtotal_cents: b.subtotalCents,
    service_fee_percent: b.serviceFeeBps / 100,
    service_fee_fixed_cents: b.serviceFeeFixedCents,
    service_fee_cents: b.serviceFeeCents,
    tax_rate: b.taxRateBps / 10000,
    tax_rate_bps: b.taxRateBps,
    tax_amount_cents: b.taxAmountCents,
    tax_jurisdiction: b.taxJurisdiction,
    total_cents: b.totalCents,
    subtotal: dollars(b.subtotalCents),
    service_fee: dollars(b.serviceFeeCents),
    tax_amount: dollars(b.taxAmountCents),
    total: dollars(b.totalCents),
  };
}

const ORDER_STATES: Record<OrderState, OrderStateName> = {
  [OrderState.UNSPECIFIED]: 'pending',
  [OrderState.PENDING]: 'pending',
  [OrderState.COMMITTED]: 'committed',
  [OrderState.REFUNDED]: 'refunded',
  [OrderState.CANCELED]: 'canceled',
};

export function intentStatusJson(intent: PaymentIntent | undefined): PaymentIntentStatus {
  if (!intent) throw new Error('payment service returned no intent');
  return {
    success: true,
    paymentIntentId: intent.id,
    status: intent.status,
    amount: intent.amountCents,
    currency: intent.currency,
    orderState: ORDER_STATES[intent.orderState],
    refundedAmount: intent.refundedCents,
    actualPaymentBreakdown: breakdownJson(intent.breakdown),
  };
}
