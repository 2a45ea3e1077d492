/**
 * Prices in integer cents, computed on the server only (brief invariant 3, spec section 9):
 * artist colour 100, custom colour 200, service fee 3% of the subtotal plus 30, tax on the subtotal.
 * Rates are integers in basis points (800 = 8.00%) so no float ever touches money; the prices and
 * the rounding are @tessera/facts/pricing's, which the web app's estimate uses too.
 */
import { PIXELS_PER_BOARD } from '@tessera/facts/grid';
import {
  ARTIST_COLOR_CENTS,
  CUSTOM_COLOR_CENTS,
  ESTIMATED_TAX_BPS,
  applyBps,
  serviceFeeCents,
} from '@tessera/facts/pricing';

export const MAX_PIXELS_PER_ORDER = PIXELS_PER_BOARD;

export interface PriceBreakdown {
  artistColorCount: number;
  customColorCount: number;
  artistColorCents: number;
  customColorCents: number;
  subtotalCents: number;
  serviceFeeCents: number;
  taxRateBps: number;
  taxAmountCents: number;
  totalCents: number;
}

function assertCount(name: string, n: number): void {
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_PIXELS_PER_ORDER) {
    throw new RangeError(`${name} must be an integer from 0 to ${MAX_PIXELS_PER_ORDER}`);
  }
}

export function priceOrder(
  artistColorCount: number,
  customColorCount: number,
  taxRateBps = ESTIMATED_TAX_BPS,
): PriceBreakdown {
  assertCount('artistColorCount', artistColorCount);
  assertCount('customColorCount', customColorCount);
  if (artistColorCount + customColorCount === 0) throw new RangeError('an order needs at least one pixel');
  if (!Number.isSafeInteger(taxRateBps) || taxRateBps < 0 || taxRateBps > 5000) {
    throw new RangeError('tax rate must be an integer number of basis points from 0 to 5000');
  }
  const artistColorCents = artistColorCount * ARTIST_COLOR_CENTS;
  const customColorCents = customColorCount * CUSTOM_COLOR_CENTS;
  const subtotalCents = artistColorCents + customColorCents;
  const serviceFee = serviceFeeCents(subtotalCents);
  const taxAmountCents = applyBps(subtotalCents, taxRateBps);
  return {
    artistColorCount,
    customColorCount,
    artistColorCents,
    customColorCents,
    subtotalCents,
    serviceFeeCents: serviceFee,
    taxRateBps,
    taxAmountCents,
    totalCents: subtotalCents + serviceFee + taxAmountCents,
  };
}

/** A client-claimed amount must equal the server's price to the cent (AMOUNT_MISMATCH otherwise). */
export function amountMatches(claimedCents: number, breakdown: PriceBreakdown): boolean {
  return Number.isSafeInteger(claimedCents) && claimedCents === breakdown.totalCents;
}

export function formatDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
