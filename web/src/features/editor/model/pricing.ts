// The editor's price display (spec sections 1, 2 and 9) in integer cents: the payment feature's
// estimate (../../payment/pricing.ts, facts' priceOrder), so the editor shows what the payment modal
// will. One price story (issue 24): the Save/Pay button and the counters show the estimated total with
// fees AND the 8% estimated tax, labelled as an estimate, which is the figure the payment modal opens
// at; the modal then says what changed once the billing address gives the real tax.
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

/** Said wherever the editor shows the estimated total: the tax is an estimate until the address is known. */
export const ESTIMATE_NOTE = 'Estimate with 8% tax; your billing address gives the exact tax.';

/**
 * "Pay {estimated total with fees and tax}" when pixels are to be bought (the header marks it as an
 * estimate), "Save" with other pending changes, else "Saved".
 */
export function saveLabel(pendingCount: number, toBuy: PriceSummary): SaveLabel {
  const buying = toBuy.artistColorCount + toBuy.customColorCount;
  if (buying > 0) return { kind: 'pay', text: `Pay ${formatDollars(toBuy.estimatedTotalCents)}` };
  if (pendingCount > 0) return { kind: 'save', text: 'Save' };
  return { kind: 'saved', text: 'Saved' };
}
