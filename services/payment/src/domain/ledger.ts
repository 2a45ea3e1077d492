/**
 * The ledger entry of a granted order (spec section 9: the revenue split of `@tessera/facts/pricing`,
 * 70% artist / 30% gallery), in integer cents. The pixel revenue (what was received minus the
 * service fee and the tax) is split; the fee is the gallery's and the tax is held for the state. The
 * parts always add up to the money received.
 */
import { ARTIST_SHARE_PERCENT } from '@tessera/facts/pricing';

export interface LedgerEntry {
  orderId: string;
  canvasIndex: number;
  receivedCents: number;
  artistCents: number;
  galleryCents: number;
  feeCents: number;
  taxCents: number;
}

export function ledgerEntry(input: {
  orderId: string;
  canvasIndex: number;
  receivedCents: number;
  feeCents: number;
  taxCents: number;
}): LedgerEntry {
  const { receivedCents, orderId, canvasIndex } = input;
  if (!Number.isSafeInteger(receivedCents) || receivedCents < 0)
    throw new RangeError('received amount must be a non-negative integer number of cents');
  // a received amount below fee + tax (never expected) still splits without negative parts
  const taxCents = Math.min(input.taxCents, receivedCents);
  const feeCents = Math.min(input.feeCents, receivedCents - taxCents);
  const revenue = receivedCents - taxCents - feeCents;
  const artistCents = Math.floor((revenue * ARTIST_SHARE_PERCENT) / 100);
  return {
    orderId,
    canvasIndex,
    receivedCents,
    artistCents,
    galleryCents: revenue - artistCents,
    feeCents,
    taxCents,
  };
}
