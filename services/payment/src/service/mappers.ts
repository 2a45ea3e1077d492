/** Orders to the contract's messages. */
import { create } from '@bufbuild/protobuf';
import {
  OrderState as OrderStateEnum,
  PaymentIntentSchema,
  type PaymentIntent,
} from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import { SERVICE_FEE_BPS, SERVICE_FEE_FIXED_CENTS } from '@tessera/facts/pricing';
import type { Order, OrderState } from '../domain/order.js';

const STATES: Record<OrderState, OrderStateEnum> = {
  pending: OrderStateEnum.PENDING,
  committing: OrderStateEnum.PENDING,
  granted: OrderStateEnum.COMMITTED,
  refunding: OrderStateEnum.REFUNDED,
  refunded: OrderStateEnum.REFUNDED,
  canceled: OrderStateEnum.CANCELED,
};

/**
 * The intent of an order. `pixels: false` leaves the order's pixel list out: answers to a caller that
 * named the order and reads only its status (sandbox confirmation, the save) need not carry up to
 * 2,401 pixels back.
 */
export function intentMessage(
  order: Order,
  status: string,
  opts: { secret?: boolean; pixels?: boolean } = {},
): PaymentIntent {
  const b = order.breakdown;
  return create(PaymentIntentSchema, {
    id: order._id,
    userId: order.userId,
    status,
    amountCents: order.amountCents,
    currency: order.currency,
    clientSecret: opts.secret === false ? '' : order.clientSecret,
    breakdown: {
      artistColorCount: b.artistColorCount,
      customColorCount: b.customColorCount,
      artistColorCents: b.artistColorCents,
      customColorCents: b.customColorCents,
      subtotalCents: b.subtotalCents,
      serviceFeeBps: SERVICE_FEE_BPS,
      serviceFeeFixedCents: SERVICE_FEE_FIXED_CENTS,
      serviceFeeCents: b.serviceFeeCents,
      taxRateBps: b.taxRateBps,
      taxAmountCents: b.taxAmountCents,
      taxJurisdiction: b.taxJurisdiction,
      totalCents: b.totalCents,
    },
    billingAddress: order.billingAddress ?? undefined,
    canvasIndex: order.canvasIndex,
    boardIndex: order.boardIndex,
    pixels: opts.pixels === false ? [] : order.pixels,
    orderState: STATES[order.state],
    createdAtMs: order.createdAt,
    description: order.description,
    refundedCents: order.refundedCents,
    refundReason: order.refundReason,
    grantedAtMs: order.grantedAt,
  });
}
