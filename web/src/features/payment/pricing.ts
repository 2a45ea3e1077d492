// Pricing in integer cents (spec sections 3 and 9): artist colour 100, custom colour 200, service fee
// 3% of the subtotal plus 30, tax estimated at 8% of the subtotal until the server returns the rate.
// The prices and their arithmetic are @tessera/facts/pricing's, the payment service's own, so the
// estimate the client sends as `amount` matches the server's price to the cent.
import {
  ARTIST_COLOR_CENTS,
  CUSTOM_COLOR_CENTS,
  ESTIMATED_TAX_BPS,
  SERVICE_FEE_BPS,
  SERVICE_FEE_FIXED_CENTS,
  applyBps,
  serviceFeeCents,
} from '@tessera/facts/pricing';
import type { PendingPixel } from './types.js';

export const ESTIMATED_JURISDICTION = 'Estimated';
export const CURRENCY = 'usd';

/** "$12.34" from 1234 cents. */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** "8%" or "8.875%" from basis points. */
export function formatRate(bps: number): string {
  return `${Number((bps / 100).toFixed(3))}%`;
}

/** Purchase analysis (spec section 3), in cents. */
export interface PurchaseAnalysis {
  changesToPurchase: PendingPixel[];
  changesToUpdate: PendingPixel[];
  purchaseCosts: { artistColorCount: number; customColorCount: number; totalCost: number };
  serviceFeeInfo: { serviceFeeTotal: number; totalWithFees: number; feeDescription: string };
}

export const FEE_DESCRIPTION = `${formatRate(SERVICE_FEE_BPS)} + ${formatUsd(SERVICE_FEE_FIXED_CENTS)} service fee`;

/**
 * Splits pending pixels into those to buy and those to update (pixels the buyer already owns; no
 * payment), and prices the purchase. `ownedByBuyer` defaults to "none", as every pixel the editor
 * sends to the payment modal is unowned.
 */
export function analyzePurchase(
  pixels: readonly PendingPixel[],
  ownedByBuyer: (pixel: PendingPixel) => boolean = () => false,
): PurchaseAnalysis {
  const changesToPurchase = pixels.filter((p) => !ownedByBuyer(p));
  const changesToUpdate = pixels.filter((p) => ownedByBuyer(p));
  const artistColorCount = changesToPurchase.filter((p) => p.isDefault).length;
  const customColorCount = changesToPurchase.length - artistColorCount;
  const totalCost = artistColorCount * ARTIST_COLOR_CENTS + customColorCount * CUSTOM_COLOR_CENTS;
  const serviceFeeTotal = totalCost > 0 ? serviceFeeCents(totalCost) : 0;
  return {
    changesToPurchase,
    changesToUpdate,
    purchaseCosts: { artistColorCount, customColorCount, totalCost },
    serviceFeeInfo: {
      serviceFeeTotal,
      totalWithFees: totalCost + serviceFeeTotal,
      feeDescription: FEE_DESCRIPTION,
    },
  };
}

/** Payment breakdown (spec section 3), every amount in integer cents, rates in basis points. */
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
  /** False while the tax is the 8% estimate. */
  taxCalculated: boolean;
}

/** The client's estimate, shown until the server's breakdown arrives and sent as the intent amount. */
export function estimateBreakdown(artistColorCount: number, customColorCount: number): PaymentBreakdown {
  const artistColorCost = artistColorCount * ARTIST_COLOR_CENTS;
  const customColorCost = customColorCount * CUSTOM_COLOR_CENTS;
  const subtotal = artistColorCost + customColorCost;
  const fee = subtotal > 0 ? serviceFeeCents(subtotal) : 0;
  const taxAmount = applyBps(subtotal, ESTIMATED_TAX_BPS);
  const total = subtotal + fee + taxAmount;
  return {
    artistColorCount,
    customColorCount,
    artistColorCost,
    customColorCost,
    subtotal,
    serviceFeePercent: SERVICE_FEE_BPS,
    serviceFeeFixed: SERVICE_FEE_FIXED_CENTS,
    serviceFeeTotal: fee,
    taxAmount,
    taxRate: ESTIMATED_TAX_BPS,
    taxJurisdiction: ESTIMATED_JURISDICTION,
    totalAmount: total,
    totalAmountCents: total,
    taxCalculated: false,
  };
}

/** Total with fees for the editor's "Pay {total with fees}" label (estimated tax included). */
export function totalWithFeesCents(pixels: readonly PendingPixel[]): number {
  const artist = pixels.filter((p) => p.isDefault).length;
  return estimateBreakdown(artist, pixels.length - artist).totalAmountCents;
}

function cents(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
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
  if (typeof raw !== 'object' || raw === null) return null;
  const b = raw as Record<string, unknown>;
  const subtotal = cents(b.subtotal_cents);
  const fee = cents(b.service_fee_cents);
  const tax = cents(b.tax_amount_cents);
  const total = cents(b.total_cents);
  if (subtotal === null || fee === null || tax === null || total === null) return null;
  const jurisdiction =
    typeof b.tax_jurisdiction === 'string' && b.tax_jurisdiction.trim() !== ''
      ? b.tax_jurisdiction
      : ESTIMATED_JURISDICTION;
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
