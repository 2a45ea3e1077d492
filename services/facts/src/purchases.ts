/**
 * A buyer's own purchases (My pixels, issue 24): the paid orders the payment service lists for their
 * buyer, their status in the buyer's words, the page sizes, and the page's path (the receipt mail
 * links to it). Pure: the payment service decides the status, the BFF answers with an order of
 * `@tessera/api/account` (its JSON body), the web app shows `orderStatusText`, and identity's receipt
 * mail names the page.
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
export function orderStatusText(o: { status: OrderStatus; refundedCents: number }): string {
  if (o.status === 'refunded') return `Refunded in full (${formatDollars(o.refundedCents)})`;
  if (o.status === 'partially_refunded') return `Partly refunded (${formatDollars(o.refundedCents)} back)`;
  return 'Paid';
}
