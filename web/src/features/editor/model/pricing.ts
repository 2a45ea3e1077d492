// The editor's price display (spec sections 1 and 9) in integer cents: artist colour 100, custom
// colour 200, service fee 3% of the subtotal plus 30, estimated tax 8% of the subtotal (rounded half
// up). The server computes the charged amount; this only shows what the user will see there.
export const ARTIST_COLOR_CENTS = 100;
export const CUSTOM_COLOR_CENTS = 200;
export const SERVICE_FEE_PERCENT = 3;
export const SERVICE_FEE_FIXED_CENTS = 30;
export const ESTIMATED_TAX_PERCENT = 8;

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

/** amount x percent / 100, rounded half up, in integers. */
function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

export function priceChanges(changes: Iterable<{ isDefault: boolean }>): PriceSummary {
  let artistColorCount = 0;
  let customColorCount = 0;
  for (const c of changes) {
    if (c.isDefault) artistColorCount += 1;
    else customColorCount += 1;
  }
  const subtotalCents = artistColorCount * ARTIST_COLOR_CENTS + customColorCount * CUSTOM_COLOR_CENTS;
  const serviceFeeCents = subtotalCents === 0 ? 0 : percentOf(subtotalCents, SERVICE_FEE_PERCENT) + SERVICE_FEE_FIXED_CENTS;
  const estimatedTaxCents = percentOf(subtotalCents, ESTIMATED_TAX_PERCENT);
  const totalWithFeesCents = subtotalCents + serviceFeeCents;
  return {
    artistColorCount,
    customColorCount,
    subtotalCents,
    serviceFeeCents,
    totalWithFeesCents,
    estimatedTaxCents,
    estimatedTotalCents: totalWithFeesCents + estimatedTaxCents,
  };
}

/** "$12.34" */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

export type SaveLabel = { kind: 'pay'; text: string } | { kind: 'save'; text: 'Save' } | { kind: 'saved'; text: 'Saved' };

/** "Pay {total with fees}" when pixels are to be bought, "Save" with other pending changes, else "Saved". */
export function saveLabel(pendingCount: number, toBuy: PriceSummary): SaveLabel {
  const buying = toBuy.artistColorCount + toBuy.customColorCount;
  if (buying > 0) return { kind: 'pay', text: `Pay ${formatUsd(toBuy.totalWithFeesCents)}` };
  if (pendingCount > 0) return { kind: 'save', text: 'Save' };
  return { kind: 'saved', text: 'Saved' };
}
