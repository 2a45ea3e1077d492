/**
 * The gallery's prices in integer cents (spec sections 3 and 9), defined once: the payment service
 * prices every order with `priceOrder` (`estimateOrderPrice` before the billing address is known),
 * and the web app, the BFF and the load tests price with the same rules, so the web app's estimate
 * before the server answers is the server's price. Also the currency, the estimate's tax label and
 * the revenue split. Rates are basis points (800 = 8.00%) and rounding is half up, in integers, so
 * no float touches money and the client's estimate equals the server's price to the cent. Pure: the
 * web bundle imports it.
 */
import { PIXELS_PER_BOARD } from './grid.js';

export const ARTIST_COLOR_CENTS = 100;
export const CUSTOM_COLOR_CENTS = 200;
export const SERVICE_FEE_BPS = 300;
export const SERVICE_FEE_FIXED_CENTS = 30;
export const ESTIMATED_TAX_BPS = 800;

/** Every payment is in US dollars (spec section 9), the provider's lower-case currency code. */
export const CURRENCY = 'usd';
export type Currency = typeof CURRENCY;

/**
 * The tax jurisdiction of a price whose tax is the 8% estimate (spec section 3: "Estimated" until
 * known): the label the server sends and the sign the web app reads that the tax is not calculated yet.
 */
export const ESTIMATED_JURISDICTION = 'Estimated';

/**
 * The revenue split (spec sections 1 and 9): of the pixel sales (the money received less the
 * service fee and the tax), the artist gets this percentage and the gallery the rest.
 */
export const ARTIST_SHARE_PERCENT = 70;
export const GALLERY_SHARE_PERCENT = 100 - ARTIST_SHARE_PERCENT;

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

/** A price with the place its tax is for: ESTIMATED_JURISDICTION while the tax is the estimate. */
export interface OrderPrice extends PriceBreakdown {
  taxJurisdiction: string;
}

export interface ColourCounts {
  artistColorCount: number;
  customColorCount: number;
}

/** How many pixels of an order take the artist's colour (`isDefault`) and how many the buyer's own. */
export function colourCounts(pixels: Iterable<{ isDefault: boolean }>): ColourCounts {
  let artistColorCount = 0;
  let customColorCount = 0;
  for (const p of pixels) {
    if (p.isDefault) artistColorCount += 1;
    else customColorCount += 1;
  }
  return { artistColorCount, customColorCount };
}

/**
 * The price of an order before its billing address is known: tax at the estimated rate, labelled
 * ESTIMATED_JURISDICTION. What the web app shows and sends as the amount, and what the payment
 * service charges until the address gives the real tax. Throws as `priceOrder` does.
 */
export function estimateOrderPrice(counts: ColourCounts): OrderPrice {
  return {
    ...priceOrder(counts.artistColorCount, counts.customColorCount, ESTIMATED_TAX_BPS),
    taxJurisdiction: ESTIMATED_JURISDICTION,
  };
}

/** Cents as US dollars: 141 -> '$1.41', -5 -> '-$0.05', 480230 -> '$4,802.30'. */
export function formatDollars(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  const sign = cents < 0 && abs > 0 ? '-' : '';
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}
