/**
 * The gallery's prices in integer cents (spec sections 3 and 9), defined once: the payment service
 * prices every order with `priceOrder`, and the web app, the BFF and the load tests price with the
 * same rules, so the web app's estimate before the server answers is the server's price.
 * Rates are basis points (800 = 8.00%) and rounding is half up, in integers, so no float touches
 * money and the client's estimate equals the server's price to the cent. Pure: the web bundle imports it.
 */
import { PIXELS_PER_BOARD } from './grid.js';

export const ARTIST_COLOR_CENTS = 100;
export const CUSTOM_COLOR_CENTS = 200;
export const SERVICE_FEE_BPS = 300;
export const SERVICE_FEE_FIXED_CENTS = 30;
export const ESTIMATED_TAX_BPS = 800;

/** `amount * bps / 10000`, rounded half up, in integers. */
export function applyBps(amountCents: number, bps: number): number {
  return Math.floor((amountCents * bps + 5000) / 10000);
}

/** The service fee on a subtotal: 3% of it plus 30 cents. */
export function serviceFeeCents(subtotalCents: number): number {
  return applyBps(subtotalCents, SERVICE_FEE_BPS) + SERVICE_FEE_FIXED_CENTS;
}

/** One order is pixels of one board. */
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

/**
 * The price of an order of `artistColorCount` pixels in the artist's colours and `customColorCount`
 * in the buyer's own: subtotal, the service fee on it, tax at `taxRateBps` (the estimate until the
 * real rate is known) on the subtotal, and the total. Throws RangeError for counts outside 0 to
 * MAX_PIXELS_PER_ORDER, an empty order, or a rate that is not 0 to 5000 basis points.
 */
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

/** Cents as US dollars: 141 -> '$1.41', -5 -> '-$0.05', 480230 -> '$4,802.30'. */
export function formatDollars(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  const sign = cents < 0 && abs > 0 ? '-' : '';
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}
