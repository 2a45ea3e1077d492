/**
 * Orders: one per payment intent (its id is the provider's intent id), holding the pixels, the price
 * breakdown and the fulfilment state. Pure rules of the order's life:
 *
 *   pending ──(paid, canvas granted)──► granted
 *      │    └─(paid, canvas refused: sold)──► refunding ──► refunded
 *      └──(never paid, given up)──► canceled
 *
 * Each transition is one compare-and-set write of the order. The canvas decides the grant: its
 * commit of an order is idempotent and its refusal voids the order for good, so every fulfiller
 * that asks gets the same answer and no claim on the order is needed. (`committing` is the claimed
 * state of orders written before that: a live claim is waited for, an expired one taken over.)
 * granted, refunded and canceled are final: a late failure event never revokes a grant.
 */
import type { BillingAddress } from './address.js';
import type { LedgerEntry } from './ledger.js';
import { isAwaitingPayment, type IntentStatus } from '@tessera/facts/payments';
import { ESTIMATED_JURISDICTION, type Currency, type OrderPrice } from '@tessera/facts/pricing';

export type OrderState = 'pending' | 'committing' | 'granted' | 'refunding' | 'refunded' | 'canceled';
export const FINAL_STATES: ReadonlySet<OrderState> = new Set(['granted', 'refunded', 'canceled']);

export interface OrderPixel {
  x: number;
  y: number;
  /** "#RRGGBB" (the artist's colour for default pixels, as reserved by the canvas service). */
  color: string;
  isDefault: boolean;
}

export interface Order {
  /** The provider's payment intent id. */
  _id: string;
  userId: string;
  canvasIndex: number;
  boardIndex: number;
  pixels: OrderPixel[];
  /** Its tax "Estimated" (facts' estimateOrderPrice) until the provider computed it for the billing address. */
  breakdown: OrderPrice;
  amountCents: number;
  currency: Currency;
  description: string;
  billingAddress: BillingAddress | null;
  clientSecret: string;
  idempotencyKey: string;
  fencingToken: number;
  state: OrderState;
  /** Which fulfiller held the order while committing, and until when (orders of older versions). */
  claimId: string | null;
  claimUntil: number;
  /** Set while an address update is running (concurrent updates are refused). */
  addressUpdateUntil: number;
  receivedCents: number;
  refundedCents: number;
  refundReason: string;
  grantedAt: number;
  /** The 70/30 split of a granted order, written with the grant (absent on older orders). */
  ledger?: LedgerEntry | null;
  /** The payment event (succeeded/refunded) went out on the bus. */
  eventPublished: boolean;
  createdAt: number;
  updatedAt: number;
  version: number;
}

/** What a new order is made of: the provider's intent, the canvas's reservation and the price. */
export type NewOrder = Pick<
  Order,
  | '_id'
  | 'userId'
  | 'canvasIndex'
  | 'boardIndex'
  | 'pixels'
  | 'breakdown'
  | 'currency'
  | 'description'
  | 'billingAddress'
  | 'clientSecret'
  | 'idempotencyKey'
  | 'fencingToken'
>;

/** A new order as it is first stored: pending, charged its price's total, nothing received yet. */
export function pendingOrder(o: NewOrder, now: number): Order {
  return {
    _id: o._id,
    userId: o.userId,
    canvasIndex: o.canvasIndex,
    boardIndex: o.boardIndex,
    pixels: o.pixels,
    breakdown: o.breakdown,
    amountCents: o.breakdown.totalCents,
    currency: o.currency,
    description: o.description,
    billingAddress: o.billingAddress,
    clientSecret: o.clientSecret,
    idempotencyKey: o.idempotencyKey,
    fencingToken: o.fencingToken,
    state: 'pending',
    claimId: null,
    claimUntil: 0,
    addressUpdateUntil: 0,
    receivedCents: 0,
    refundedCents: 0,
    refundReason: '',
    grantedAt: 0,
    ledger: null,
    eventPublished: false,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
}

/** How long the claim of an order left `committing` by an older version lasts. */
export const CLAIM_MS = 60_000;

export interface TaxQuote {
  /** The provider's tax on the subtotal, integer cents. */
  amountCents: number;
  /** Basis points (888 = 8.88%), for display. */
  rateBps: number;
  jurisdiction: string;
}

/** The breakdown with the provider's tax for the billing address. */
export function withTax(b: OrderPrice, quote: TaxQuote): OrderPrice {
  if (!Number.isSafeInteger(quote.amountCents) || quote.amountCents < 0)
    throw new RangeError('tax must be a non-negative integer number of cents');
  if (!Number.isSafeInteger(quote.rateBps) || quote.rateBps < 0 || quote.rateBps > 5000)
    throw new RangeError('tax rate must be 0 to 5000 basis points');
  return {
    ...b,
    taxRateBps: quote.rateBps,
    taxAmountCents: quote.amountCents,
    taxJurisdiction: quote.jurisdiction || ESTIMATED_JURISDICTION,
    totalCents: b.subtotalCents + b.serviceFeeCents + quote.amountCents,
  };
}

/** Whether the buyer may still change the address (and so the amount): unpaid at the provider. */
export function addressChangeAllowed(order: Order, status: IntentStatus): boolean {
  return order.state === 'pending' && isAwaitingPayment(status);
}

/** What a fulfiller does next with an order, given the provider's status of its intent. */
export type FulfilStep =
  | { kind: 'done' }
  | { kind: 'unpaid' }
  | { kind: 'wait' }
  | { kind: 'commit' }
  | { kind: 'finish-refund' }
  | { kind: 'cancel' };

export function nextStep(order: Order, status: IntentStatus | undefined, now: number): FulfilStep {
  if (FINAL_STATES.has(order.state)) return { kind: 'done' };
  if (order.state === 'refunding') return { kind: 'finish-refund' };
  if (order.state === 'committing' && order.claimUntil > now) return { kind: 'wait' };
  if (status === 'succeeded') return { kind: 'commit' };
  if (status === 'canceled') return { kind: 'cancel' };
  return { kind: 'unpaid' };
}
