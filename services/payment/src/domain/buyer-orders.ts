/**
 * A buyer's view of their paid orders (My pixels): the status of an order from what was paid and
 * what was refunded, and the page asked for. Pure.
 */
import { MAX_PAGE } from '@tessera/facts/submissions';
import {
  MAX_ORDERS_PAGE_SIZE,
  ORDERS_PAGE_SIZE,
  orderStatus,
  type OrderStatus,
} from '@tessera/facts/purchases';
import type { InputProblem } from '@tessera/facts/inputs';
import type { Order } from './order.js';

/** The status its buyer sees: an order being refunded is refunded (the refund is under way, in full). */
export function buyerStatus(order: Pick<Order, 'state' | 'amountCents' | 'refundedCents'>): OrderStatus {
  if (order.state === 'refunding') return 'refunded';
  return orderStatus(order.amountCents, order.refundedCents);
}

/** The page and page size asked for (0 means the first page and the default size), or the problem. */
export function readOrdersPage(
  page: number,
  limit: number,
): { page: number; limit: number; problem: InputProblem | null } {
  const p = page === 0 ? 1 : page;
  const l = limit === 0 ? ORDERS_PAGE_SIZE : limit;
  if (!Number.isInteger(p) || p < 1 || p > MAX_PAGE)
    return {
      page: p,
      limit: l,
      problem: { field: 'page', message: `page must be an integer from 1 to ${MAX_PAGE}` },
    };
  if (!Number.isInteger(l) || l < 1 || l > MAX_ORDERS_PAGE_SIZE)
    return {
      page: p,
      limit: l,
      problem: { field: 'limit', message: `limit must be an integer from 1 to ${MAX_ORDERS_PAGE_SIZE}` },
    };
  return { page: p, limit: l, problem: null };
}
