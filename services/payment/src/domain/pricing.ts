/**
 * Prices in integer cents are computed on the server only (brief invariant 3, spec section 9), with
 * @tessera/facts/pricing's `priceOrder`, which the web app's estimate uses too. A client's claimed
 * amount must equal that price to the cent.
 */
import type { PriceBreakdown } from '@tessera/facts/pricing';

/** A client-claimed amount must equal the server's price to the cent (AMOUNT_MISMATCH otherwise). */
export function amountMatches(claimedCents: number, breakdown: PriceBreakdown): boolean {
  return Number.isSafeInteger(claimedCents) && claimedCents === breakdown.totalCents;
}
