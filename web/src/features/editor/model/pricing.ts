// The editor's price display (spec sections 1 and 9) in integer cents: the payment feature's estimate
// (../../payment/pricing.ts, on @tessera/facts/pricing), so the editor shows what the payment modal
// will. The server computes the charged amount; this only shows what the user will see there.
import { estimateBreakdown, formatUsd } from '../../payment/pricing.js';

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
  const estimate = estimateBreakdown(artistColorCount, customColorCount);
  const totalWithFeesCents = estimate.subtotal + estimate.serviceFeeTotal;
  return {
    artistColorCount,
    customColorCount,
    subtotalCents: estimate.subtotal,
    serviceFeeCents: estimate.serviceFeeTotal,
    totalWithFeesCents,
    estimatedTaxCents: estimate.taxAmount,
    estimatedTotalCents: estimate.totalAmountCents,
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
