// Payment Summary (the breakdown of spec section 3) and the Tax & Fee Notice.
import { TAX_FAILED } from './payment-messages.js';
import { FEE_DESCRIPTION, formatRate, formatUsd, type PaymentBreakdown } from './pricing.js';
import type { TaxStatus } from './use-tax-update.js';

interface Props {
  breakdown: PaymentBreakdown;
  taxStatus: TaxStatus;
}

function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={`pay-summary__row${className ? ` ${className}` : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function PaymentSummary({ breakdown: b, taxStatus }: Props) {
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
            label={`Artist colour × ${b.artistColorCount} (${formatUsd(100)} each)`}
            value={formatUsd(b.artistColorCost)}
          />
        ) : null}
        {b.customColorCount > 0 ? (
          <Row
            label={`Custom colour × ${b.customColorCount} (${formatUsd(200)} each)`}
            value={formatUsd(b.customColorCost)}
          />
        ) : null}
        <Row label="Subtotal" value={formatUsd(b.subtotal)} className="pay-summary__row--sub" />
        <Row
          label={`Service fee (${FEE_DESCRIPTION.replace(' service fee', '')})`}
          value={formatUsd(b.serviceFeeTotal)}
        />
        <Row
          label={taxLabel}
          value={taxStatus === 'calculating' ? 'Calculating...' : formatUsd(b.taxAmount)}
        />
        <Row label="Total" value={formatUsd(b.totalAmountCents)} className="pay-summary__row--total" />
      </dl>
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
          : 'Tax is estimated at 8% until you enter your billing address; the exact amount is calculated for your address before you pay.'}{' '}
        The service fee of {FEE_DESCRIPTION.replace(' service fee', '')} covers payment processing. All sales
        are final: the service fee and taxes are non-refundable.
      </p>
    </section>
  );
}
