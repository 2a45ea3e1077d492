/**
 * A paid order of the payment service -> My pixels' JSON (`AccountOrder` of `@tessera/api/account`):
 * ISO dates, no paid date before a grant, the pixel count, and the status the payment service decided.
 */
import type { AccountOrder } from '@tessera/api/account';
import { ORDER_STATUSES, orderStatus, type OrderStatus } from '@tessera/facts/purchases';

/** The fields of an order as the payment contract carries them. */
export interface UserOrderFields {
  id: string;
  canvasIndex: number;
  boardIndex: number;
  pixels: readonly { x: number; y: number; color: string; isDefault: boolean }[];
  subtotalCents: number;
  serviceFeeCents: number;
  taxCents: number;
  totalCents: number;
  currency: string;
  createdAtMs: number;
  paidAtMs: number;
  status: string;
  refundedCents: number;
  refundReason: string;
}

function isOrderStatus(s: string): s is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(s);
}

/** The JSON of an order (an unknown status, which the payment service never sends, is derived again). */
export function accountOrderJson(o: UserOrderFields): AccountOrder {
  return {
    id: o.id,
    canvasIndex: o.canvasIndex,
    boardIndex: o.boardIndex,
    pixelCount: o.pixels.length,
    pixels: o.pixels.map(({ x, y, color, isDefault }) => ({ x, y, color, isDefault })),
    subtotalCents: o.subtotalCents,
    serviceFeeCents: o.serviceFeeCents,
    taxCents: o.taxCents,
    totalCents: o.totalCents,
    currency: o.currency,
    createdAt: new Date(o.createdAtMs).toISOString(),
    paidAt: o.paidAtMs > 0 ? new Date(o.paidAtMs).toISOString() : null,
    status: isOrderStatus(o.status) ? o.status : orderStatus(o.totalCents, o.refundedCents),
    refundedCents: o.refundedCents,
    refundReason: o.refundReason,
  };
}
