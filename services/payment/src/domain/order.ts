/**
 * Orders: one per payment intent (its id is the provider's intent id), holding the pixels, the price
 * breakdown and the fulfilment state. Pure rules of the order's life:
 *
 *   pending ──(paid, claimed)──► committing ──(canvas granted)──► granted
 *      │                             └──(canvas refused: sold)──► refunding ──► refunded
 *      └──(never paid, given up)──► canceled
 *
 * granted, refunded and canceled are final: a late failure event never revokes a grant.
 */
import type { BillingAddress } from './address.js';
import { priceOrder, type PriceBreakdown } from './pricing.js';

export type OrderState = 'pending' | 'committing' | 'granted' | 'refunding' | 'refunded' | 'canceled';
export const FINAL_STATES: ReadonlySet<OrderState> = new Set(['granted', 'refunded', 'canceled']);

export interface OrderPixel {
  x: number;
  y: number;
  /** "#RRGGBB" (the artist's colour for default pixels, as reserved by the canvas service). */
  color: string;
  isDefault: boolean;
}

export interface Breakdown extends PriceBreakdown {
  /** "Estimated" until the provider computed tax for the billing address. */
  taxJurisdiction: string;
}

export interface Order {
  /** The provider's payment intent id. */
  _id: string;
  userId: string;
  canvasIndex: number;
  boardIndex: number;
  pixels: OrderPixel[];
  breakdown: Breakdown;
  amountCents: number;
  currency: 'usd';
  description: string;
  billingAddress: BillingAddress | null;
  clientSecret: string;
  idempotencyKey: string;
  fencingToken: number;
  state: OrderState;
  /** Which fulfiller holds the order while committing, and until when. */
  claimId: string | null;
  claimUntil: number;
  /** Set while an address update is running (concurrent updates are refused). */
  addressUpdateUntil: number;
  receivedCents: number;
  refundedCents: number;
  refundReason: string;
  grantedAt: number;
  /** The payment event (succeeded/refunded) went out on the bus. */
  eventPublished: boolean;
  createdAt: number;
  updatedAt: number;
  version: number;
}

export const ESTIMATED = 'Estimated';
/** How long a fulfiller's claim on an order lasts before another may take over. */
export const CLAIM_MS = 60_000;

/** The estimated breakdown of a pixel list (8% tax until the address is known). */
export function estimateBreakdown(pixels: readonly Pick<OrderPixel, 'isDefault'>[]): Breakdown {
  const artist = pixels.filter((p) => p.isDefault).length;
  return { ...priceOrder(artist, pixels.length - artist), taxJurisdiction: ESTIMATED };
}

export interface TaxQuote {
  /** The provider's tax on the subtotal, integer cents. */
  amountCents: number;
  /** Basis points (888 = 8.88%), for display. */
  rateBps: number;
  jurisdiction: string;
}

/** The breakdown with the provider's tax for the billing address. */
export function withTax(b: Breakdown, quote: TaxQuote): Breakdown {
  if (!Number.isSafeInteger(quote.amountCents) || quote.amountCents < 0)
    throw new RangeError('tax must be a non-negative integer number of cents');
  if (!Number.isSafeInteger(quote.rateBps) || quote.rateBps < 0 || quote.rateBps > 5000)
    throw new RangeError('tax rate must be 0 to 5000 basis points');
  return {
    ...b,
    taxRateBps: quote.rateBps,
    taxAmountCents: quote.amountCents,
    taxJurisdiction: quote.jurisdiction || ESTIMATED,
    totalCents: b.subtotalCents + b.serviceFeeCents + quote.amountCents,
  };
}

/** Provider intent statuses (Stripe's names). */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

/** Whether the buyer may still change the address (and so the amount). */
export function addressChangeAllowed(order: Order, status: IntentStatus): boolean {
  return (
    order.state === 'pending' &&
    (status === 'requires_payment_method' ||
      status === 'requires_confirmation' ||
      status === 'requires_action')
  );
}

/** What a fulfiller does next with an order, given the provider's status of its intent. */
export type FulfilStep =
  | { kind: 'done' }
  | { kind: 'unpaid' }
  | { kind: 'wait' }
  | { kind: 'claim' }
  | { kind: 'finish-refund' }
  | { kind: 'cancel' };

export function nextStep(order: Order, status: IntentStatus | undefined, now: number): FulfilStep {
  if (FINAL_STATES.has(order.state)) return { kind: 'done' };
  if (order.state === 'refunding') return { kind: 'finish-refund' };
  if (order.state === 'committing' && order.claimUntil > now) return { kind: 'wait' };
  if (status === 'succeeded') return { kind: 'claim' };
  if (status === 'canceled') return { kind: 'cancel' };
  return { kind: 'unpaid' };
}

/** The buyer's message when a paid order could not be granted. */
export function refundMessage(amountCents: number): string {
  const d = `$${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
  return `Some of these pixels were sold to another buyer before your payment completed. Your payment of ${d} has been refunded in full.`;
}
