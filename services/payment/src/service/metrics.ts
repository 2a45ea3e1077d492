/**
 * The payment service's business metrics, recorded where an order's outcome is written (one call
 * each): orders by outcome, revenue and refunds in cents, pixels sold per canvas, declined payments.
 * Every outcome's series exists from the start (0), so a rate over it is 0 rather than absent.
 */
import { counter } from '@tessera/kit';
import type { Order } from '../domain/order.js';

export const ORDER_OUTCOMES = ['created', 'granted', 'refunded', 'canceled'] as const;
export type OrderOutcome = (typeof ORDER_OUTCOMES)[number];

const orders = counter('tessera_orders_total', 'Orders by outcome: created, granted, refunded, canceled', [
  'outcome',
]);
for (const outcome of ORDER_OUTCOMES) orders.inc({ outcome }, 0);
const revenue = counter('tessera_revenue_cents_total', 'Cents received for granted orders');
const refunds = counter('tessera_refunds_cents_total', 'Cents refunded to buyers');
const pixelsSold = counter('tessera_pixels_sold_total', 'Pixels sold by granted orders, per canvas', [
  'canvas',
]);
const declined = counter('tessera_payments_declined_total', 'Card payments the provider declined');

/** Records an order reaching `outcome` (once: where the outcome's write succeeded). */
export function recordOrder(outcome: OrderOutcome, order: Order): void {
  orders.inc({ outcome });
  if (outcome === 'granted') {
    revenue.inc(order.receivedCents);
    pixelsSold.inc({ canvas: String(order.canvasIndex) }, order.pixels.length);
  } else if (outcome === 'refunded') refunds.inc(order.refundedCents);
}

export function recordDeclined(): void {
  declined.inc();
}
