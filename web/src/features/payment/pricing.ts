// The payment modal's prices in integer cents (spec sections 3 and 9): the order is priced by
// @tessera/facts/pricing's estimateOrderPrice, the payment service's own rule, so the estimate the
// client shows and sends as `amount` is the server's price to the cent; this file maps it to the
// spec's client breakdown and reads the server's breakdown once the address is known.
import {
  ESTIMATED_JURISDICTION,
  SERVICE_FEE_BPS,
  SERVICE_FEE_FIXED_CENTS,
  estimateOrderPrice,
  formatDollars,
} from '@tessera/facts/pricing';
import type { PaymentBreakdownAsRead } from '@tessera/api/payments';
import { isRecord, readInt, readString } from '../../lib/json.js';
import { fieldsIn } from '../../lib/json.js';

/** "8%" or "8.875%" from basis points. */
export function formatRate(bps: number): string {
  return `${Number((bps / 100).toFixed(3))}%`;
}

/** The service fee's terms, "3% + $0.30". */
export const FEE_TERMS = `${formatRate(SERVICE_FEE_BPS)} + ${formatDollars(SERVICE_FEE_FIXED_CENTS)}`;
export const FEE_DESCRIPTION = `${FEE_TERMS} service fee`;

/** Payment breakdown (spec section 3, client), every amount in integer cents, rates in basis points. */
export interface PaymentBreakdown {
  artistColorCount: number;
  customColorCount: number;
  artistColorCost: number;
  customColorCost: number;
  subtotal: number;
  serviceFeePercent: number;
  serviceFeeFixed: number;
  serviceFeeTotal: number;
  taxAmount: number;
  taxRate: number;
  taxJurisdiction: string;
  totalAmount: number;
  totalAmountCents: number;
  /** False while the tax is the 8% estimate (the server's jurisdiction is still ESTIMATED_JURISDICTION). */
  taxCalculated: boolean;
}

/**
 * The client's estimate, shown until the server's breakdown arrives and sent as the intent amount:
 * facts' estimateOrderPrice, in the spec's field names. Throws RangeError for an empty order or more
 * pixels than a board has, as priceOrder does.
 */
export function estimateBreakdown(artistColorCount: number, customColorCount: number): PaymentBreakdown {
  const price = estimateOrderPrice({ artistColorCount, customColorCount });
  return {
    artistColorCount: price.artistColorCount,
    customColorCount: price.customColorCount,
    artistColorCost: price.artistColorCents,
    customColorCost: price.customColorCents,
    subtotal: price.subtotalCents,
    serviceFeePercent: SERVICE_FEE_BPS,
    serviceFeeFixed: SERVICE_FEE_FIXED_CENTS,
    serviceFeeTotal: price.serviceFeeCents,
    taxAmount: price.taxAmountCents,
    taxRate: price.taxRateBps,
    taxJurisdiction: price.taxJurisdiction,
    totalAmount: price.totalCents,
    totalAmountCents: price.totalCents,
    taxCalculated: false,
  };
}

function cents(value: unknown): number | null {
  const n = readInt(value);
  return n !== null && n >= 0 ? n : null;
}

/** tax_rate as basis points: accepts 0.08 (fraction), 8 (percent) or 800 (bps) as servers send it. */
export function taxRateToBps(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return null;
  if (n < 1) return Math.round(n * 10_000);
  if (n <= 50) return Math.round(n * 100);
  return Math.round(n);
}

/**
 * Reads the server's actualPaymentBreakdown (subtotal_cents, service_fee_cents, tax_amount_cents,
 * tax_rate, tax_jurisdiction, total_cents) over the local estimate. Null when it is unusable.
 */
export function breakdownFromServer(raw: unknown, estimate: PaymentBreakdown): PaymentBreakdown | null {
  if (!isRecord(raw)) return null;
  const b = fieldsIn<PaymentBreakdownAsRead>(raw);
  const subtotal = cents(b.subtotal_cents);
  const fee = cents(b.service_fee_cents);
  const tax = cents(b.tax_amount_cents);
  const total = cents(b.total_cents);
  if (subtotal === null || fee === null || tax === null || total === null) return null;
  const jurisdiction = readString(b.tax_jurisdiction) ?? ESTIMATED_JURISDICTION;
  return {
    ...estimate,
    subtotal,
    serviceFeeTotal: fee,
    taxAmount: tax,
    taxRate: taxRateToBps(b.tax_rate) ?? estimate.taxRate,
    taxJurisdiction: jurisdiction,
    totalAmount: total,
    totalAmountCents: total,
    taxCalculated: jurisdiction !== ESTIMATED_JURISDICTION,
  };
}

/**
 * What changed from the editor's estimate once the billing address gave the real tax, in one sentence
 * (null while the tax is still the estimate). The editor showed the estimate; this closes that story.
 */
export function taxChangeNote(estimate: PaymentBreakdown, now: PaymentBreakdown): string | null {
  if (!now.taxCalculated) return null;
  const was = formatDollars(estimate.totalAmountCents);
  const total = formatDollars(now.totalAmountCents);
  const tax = `${now.taxJurisdiction} tax is ${formatRate(now.taxRate)}`;
  if (now.totalAmountCents === estimate.totalAmountCents)
    return `${tax}: your total stays ${total}, as estimated.`;
  const direction = now.totalAmountCents < estimate.totalAmountCents ? 'down' : 'up';
  return `${tax}, not the estimated ${formatRate(estimate.taxRate)}: your total went ${direction} from ${was} to ${total}.`;
}
