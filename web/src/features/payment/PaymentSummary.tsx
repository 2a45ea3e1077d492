// Payment Summary (the breakdown of spec section 3) and the Tax & Fee Notice.
import {
  ARTIST_COLOR_CENTS,
  CUSTOM_COLOR_CENTS,
  ESTIMATED_TAX_BPS,
  formatDollars,
} from '@tessera/facts/pricing';
import { TAX_FAILED } from './payment-messages.js';
import { FEE_TERMS, formatRate, taxChangeNote, type PaymentBreakdown } from './pricing.js';
import type { TaxStatus } from './use-tax-update.js';

interface Props {
  breakdown: PaymentBreakdown;
  taxStatus: TaxStatus;
  /** The editor's estimate (8% tax), to say what changed once the address is known. */
  estimate: PaymentBreakdown;
}

function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={`pay-summary__row${className ? ` ${className}` : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function PaymentSummary({ breakdown: b, taxStatus, estimate }: Props) {
  const change = taxStatus === 'calculated' ? taxChangeNote(estimate, b) : null;
  const taxLabel = b.taxCalculated
    ? `Tax (${formatRate(b.taxRate)}, ${b.taxJurisdiction})`
    : `Estimated tax (${formatRate(b.taxRate)})`;
  return (
    <section className="pay-section pay-summary" aria-labelledby="pay-summary-title">
      <h3 id="pay-summary-title" className="pay-section__title">
        Payment Summary
      </h3>
      <dl className="pay-summary__list">
        {b.artistColorCount > 0 ? (
          <Row
            label={`Artist colour × ${b.artistColorCount} (${formatDollars(ARTIST_COLOR_CENTS)} each)`}
            value={formatDollars(b.artistColorCost)}
          />
        ) : null}
        {b.customColorCount > 0 ? (
          <Row
            label={`Custom colour × ${b.customColorCount} (${formatDollars(CUSTOM_COLOR_CENTS)} each)`}
            value={formatDollars(b.customColorCost)}
          />
        ) : null}
        <Row label="Subtotal" value={formatDollars(b.subtotal)} className="pay-summary__row--sub" />
        <Row label={`Service fee (${FEE_TERMS})`} value={formatDollars(b.serviceFeeTotal)} />
        <Row
          label={taxLabel}
          value={taxStatus === 'calculating' ? 'Calculating...' : formatDollars(b.taxAmount)}
        />
        <Row label="Total" value={formatDollars(b.totalAmountCents)} className="pay-summary__row--total" />
      </dl>
      {change ? (
        <p className="pay-summary__change" role="status">
          {change}
        </p>
      ) : null}
      {taxStatus === 'error' ? (
        <p className="pay-summary__tax-error" role="alert">
          {TAX_FAILED}
        </p>
      ) : null}
    </section>
  );
}

export function TaxFeeNotice({ taxCalculated }: { taxCalculated: boolean }) {
  return (
    <section className="pay-section pay-notice" aria-labelledby="pay-notice-title">
      <h3 id="pay-notice-title" className="pay-notice__title">
        Tax &amp; Fee Notice
      </h3>
      <p>
        {taxCalculated
          ? 'Sales tax is calculated for your billing address.'
          : `Tax is estimated at ${formatRate(ESTIMATED_TAX_BPS)} until you enter your billing address; the exact amount is calculated for your address before you pay.`}{' '}
        The service fee of {FEE_TERMS} covers payment processing. All sales are final: the service fee and
        taxes are non-refundable.
      </p>
    </section>
  );
}
