// The editor's price display (spec sections 1 and 9) in integer cents, with the prices and the
// arithmetic of the payment feature (../../payment/pricing.ts): artist colour 100, custom colour 200,
// service fee 3% of the subtotal plus 30, estimated tax 8% of the subtotal (rounded half up). The
// server computes the charged amount; this only shows what the user will see there.
import {
  ARTIST_COLOR_CENTS,
  CUSTOM_COLOR_CENTS,
  ESTIMATED_TAX_BPS,
  applyBps,
  formatUsd,
  serviceFeeCents,
} from '../../payment/pricing.js';

export interface PriceSummary {
  artistColorCount: number;
  customColorCount: number;
  subtotalCents: number;
  serviceFeeCents: number;
  /** Subtotal plus the service fee (the Pay button's "total with fees"). */
  totalWithFeesCents: number;
  estimatedTaxCents: number;
  /** Total with fees and estimated tax. */
  estimatedTotalCents: number;
}

export function priceChanges(changes: Iterable<{ isDefault: boolean }>): PriceSummary {
  let artistColorCount = 0;
  let customColorCount = 0;
  for (const c of changes) {
    if (c.isDefault) artistColorCount += 1;
    else customColorCount += 1;
  }
  const subtotalCents = artistColorCount * ARTIST_COLOR_CENTS + customColorCount * CUSTOM_COLOR_CENTS;
  const feeCents = subtotalCents === 0 ? 0 : serviceFeeCents(subtotalCents);
  const estimatedTaxCents = applyBps(subtotalCents, ESTIMATED_TAX_BPS);
  const totalWithFeesCents = subtotalCents + feeCents;
  return {
    artistColorCount,
    customColorCount,
    subtotalCents,
    serviceFeeCents: feeCents,
    totalWithFeesCents,
    estimatedTaxCents,
    estimatedTotalCents: totalWithFeesCents + estimatedTaxCents,
  };
}

export type SaveLabel =
  { kind: 'pay'; text: string } | { kind: 'save'; text: 'Save' } | { kind: 'saved'; text: 'Saved' };

/** "Pay {total with fees}" when pixels are to be bought, "Save" with other pending changes, else "Saved". */
export function saveLabel(pendingCount: number, toBuy: PriceSummary): SaveLabel {
  const buying = toBuy.artistColorCount + toBuy.customColorCount;
  if (buying > 0) return { kind: 'pay', text: `Pay ${formatUsd(toBuy.totalWithFeesCents)}` };
  if (pendingCount > 0) return { kind: 'save', text: 'Save' };
  return { kind: 'saved', text: 'Saved' };
}
