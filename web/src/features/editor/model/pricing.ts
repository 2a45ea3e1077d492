// The editor's price display (spec sections 1, 2 and 9) in integer cents: the payment feature's
// estimate (../../payment/pricing.ts, facts' priceOrder), so the editor shows what the payment modal
// will. Two totals on purpose: the Save/Pay button says "Pay {total with fees}", the subtotal plus
// the service fee (spec section 3, "Purchase analysis": totalWithFees), because the tax depends on
// the billing address the modal asks for; the modal's own Pay button then shows the total with tax.
import { colourCounts, formatDollars } from '@tessera/facts/pricing';
import { estimateBreakdown } from '../../payment/pricing.js';

export interface PriceSummary {
  artistColorCount: number;
  customColorCount: number;
  subtotalCents: number;
  serviceFeeCents: number;
  /** Subtotal plus the service fee: the Pay button's "total with fees" (no tax yet). */
  totalWithFeesCents: number;
  estimatedTaxCents: number;
  /** Total with fees and estimated tax: what the payment modal shows until the address is known. */
  estimatedTotalCents: number;
}

const NOTHING_TO_BUY: PriceSummary = {
  artistColorCount: 0,
  customColorCount: 0,
  subtotalCents: 0,
  serviceFeeCents: 0,
  totalWithFeesCents: 0,
  estimatedTaxCents: 0,
  estimatedTotalCents: 0,
};

export function priceChanges(changes: Iterable<{ isDefault: boolean }>): PriceSummary {
  const { artistColorCount, customColorCount } = colourCounts(changes);
  // No order, no fee: priceOrder refuses an empty order.
  if (artistColorCount + customColorCount === 0) return NOTHING_TO_BUY;
  const estimate = estimateBreakdown(artistColorCount, customColorCount);
  return {
    artistColorCount,
    customColorCount,
    subtotalCents: estimate.subtotal,
    serviceFeeCents: estimate.serviceFeeTotal,
    totalWithFeesCents: estimate.subtotal + estimate.serviceFeeTotal,
    estimatedTaxCents: estimate.taxAmount,
    estimatedTotalCents: estimate.totalAmountCents,
  };
}

export type SaveLabel =
  { kind: 'pay'; text: string } | { kind: 'save'; text: 'Save' } | { kind: 'saved'; text: 'Saved' };

/** "Pay {total with fees}" when pixels are to be bought, "Save" with other pending changes, else "Saved". */
export function saveLabel(pendingCount: number, toBuy: PriceSummary): SaveLabel {
  const buying = toBuy.artistColorCount + toBuy.customColorCount;
  if (buying > 0) return { kind: 'pay', text: `Pay ${formatDollars(toBuy.totalWithFeesCents)}` };
  if (pendingCount > 0) return { kind: 'save', text: 'Save' };
  return { kind: 'saved', text: 'Saved' };
}
