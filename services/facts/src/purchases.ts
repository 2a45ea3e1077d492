/**
 * A buyer's own purchases (My pixels, issue 24): the paid orders the payment service lists for their
 * buyer, their status in the buyer's words, the page sizes, and the page's path (the receipt mail
 * links to it). Pure: the payment service decides the status, the BFF answers with `userOrderJson`,
 * the web app shows `orderStatusText`, and identity's receipt mail names the page.
 */
import { REFUND_REASONS } from './payments.js';
import { formatDollars } from './pricing.js';

/** Where a signed-in buyer sees their purchases (the web app's route). */
export const MY_PIXELS_PATH = '/my-pixels';

/** Orders on a page unless the call asks for another number, and the most it may ask. */
export const ORDERS_PAGE_SIZE = 10;
export const MAX_ORDERS_PAGE_SIZE = 50;

/** A paid order's status: paid and granted, refunded in full, or refunded in part. */
export const ORDER_STATUSES = ['paid', 'refunded', 'partially_refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The status of a paid order from what was paid and what was given back (integer cents). */
export function orderStatus(totalCents: number, refundedCents: number): OrderStatus {
  if (refundedCents <= 0) return 'paid';
  return refundedCents >= totalCents ? 'refunded' : 'partially_refunded';
}

/** Why an order was refunded, in the buyer's words (an unknown reason gets a general sentence). */
export function refundReasonText(reason: string): string {
  if (reason === REFUND_REASONS.pixelsSold) return 'Some of these pixels were sold to another buyer first.';
  if (reason === REFUND_REASONS.boardLockLost)
    return 'Your lock on the board ended before the payment went through.';
  return 'The pixels could not be given to you.';
}

/** The status line a buyer reads beside an order. */
export function orderStatusText(o: Pick<UserOrderJson, 'status' | 'refundedCents'>): string {
  if (o.status === 'refunded') return `Refunded in full (${formatDollars(o.refundedCents)})`;
  if (o.status === 'partially_refunded') return `Partly refunded (${formatDollars(o.refundedCents)} back)`;
  return 'Paid';
}

/** One pixel of an order. */
export interface OrderPixelJson {
  x: number;
  y: number;
  /** "#RRGGBB". */
  color: string;
  /** Bought in the artist's colour. */
  isDefault: boolean;
}

/** A paid order as `GET /api/account/orders` answers it (amounts in integer cents, dates ISO 8601). */
export interface UserOrderJson {
  id: string;
  canvasIndex: number;
  boardIndex: number;
  pixelCount: number;
  pixels: OrderPixelJson[];
  subtotalCents: number;
  serviceFeeCents: number;
  taxCents: number;
  totalCents: number;
  currency: string;
  createdAt: string;
  /** null for an order refunded before its pixels were granted. */
  paidAt: string | null;
  status: OrderStatus;
  refundedCents: number;
  /** The stored reason code ('' when not refunded); `refundReasonText` says it in words. */
  refundReason: string;
}

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
export function userOrderJson(o: UserOrderFields): UserOrderJson {
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
