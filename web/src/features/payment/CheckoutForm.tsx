// The ready state of the payment modal: express checkout, "OR", Billing Information, Payment Summary,
// Tax & Fee Notice, card input, Cancel and Pay; then the save progress and its errors.
import type { Stripe, StripeExpressCheckoutElementConfirmEvent } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client.js';
import { Spinner } from '../../components/Spinner.js';
import {
  ADDRESS_MESSAGES,
  isAddressValid,
  normalizeAddress,
  type BillingAddress,
} from '@tessera/facts/address';
import { BillingAddressForm } from './BillingAddressForm.js';
import { rememberSessionAddress, sessionStore } from './billing-address.js';
import type { CreatedIntent, ProviderConfig } from './payment-api.js';
import { CONFIRM_MESSAGES, PaymentFlowError, paymentErrorMessage } from './payment-messages.js';
import { PaymentSummary, TaxFeeNotice } from './PaymentSummary.js';
import { formatDollars } from '@tessera/facts/pricing';
import { breakdownFromServer, type PaymentBreakdown } from './pricing.js';
import { validateCard, type CardErrors, type CardFields } from './sandbox-card.js';
import { SandboxCardInput } from './SandboxCardInput.js';
import { SaveStatus } from './SaveStatus.js';
import { ExpressCheckoutMount, PaymentElementMount, useStripeElements } from './StripeElements.js';
import { walletBillingAddress } from './stripe-wallet.js';
import { confirmExpress, confirmWithStripe, sandboxConfirm, useCheckout } from './use-checkout.js';
import { useTaxUpdate } from './use-tax-update.js';
import type { PaymentResult, PendingPurchase } from './types.js';

interface Props {
  api: ApiClient;
  purchase: PendingPurchase;
  userId: string | null;
  config: ProviderConfig;
  stripe: Stripe | null;
  intent: CreatedIntent;
  estimate: PaymentBreakdown;
  metadata: Record<string, string | number>;
  onClose(): void;
  onComplete(result: PaymentResult): void;
  onBusyChange(busy: boolean): void;
  onSavingChange?(saving: boolean): void;
}

const EMPTY_CARD: CardFields = { number: '', expiry: '', cvc: '' };

export function CheckoutForm(props: Props) {
  const { api, purchase, userId, config, stripe, intent, estimate, metadata, onClose, onBusyChange } = props;
  const [initial] = useState(() => breakdownFromServer(intent.breakdown, estimate) ?? estimate);
  const { address, setAddress, tax, flush } = useTaxUpdate(api, intent.paymentIntentId, initial);
  const onComplete = props.onComplete;
  const checkout = useCheckout({ api, purchase, userId, intent, metadata, onComplete });
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [showAllErrors, setShowAllErrors] = useState(false);
  const sandbox = config.kind === 'sandbox';
  const elements = useStripeElements(sandbox ? null : stripe, intent.clientSecret);
  const { phase } = checkout;
  const busy = phase.name === 'paying' || phase.name === 'saving';

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  const savingNow = phase.name === 'saving';
  const onSavingChange = props.onSavingChange;
  useEffect(() => onSavingChange?.(savingNow), [savingNow, onSavingChange]);

  const onAddressChange = (next: BillingAddress) => {
    setAddress(next);
    if (checkout.payError === ADDRESS_MESSAGES.incomplete && isAddressValid(next)) checkout.setPayError(null);
  };

  const onCardChange = (next: CardFields) => {
    setCard(next);
    setCardErrors({});
  };

  const onPay = () => {
    if (!isAddressValid(address)) {
      setShowAllErrors(true);
      checkout.setPayError(ADDRESS_MESSAGES.incomplete);
      return;
    }
    if (sandbox) {
      const errors = validateCard(card, new Date());
      setCardErrors(errors);
      if (Object.keys(errors).length > 0) return;
    }
    const billing = normalizeAddress(address);
    rememberSessionAddress(sessionStore(), billing);
    const confirm = sandbox
      ? sandboxConfirm(api, intent, card, billing.postal_code)
      : () => {
          if (stripe === null) throw new PaymentFlowError(CONFIRM_MESSAGES.cardMissing);
          return confirmWithStripe(stripe, elements, intent.clientSecret, billing);
        };
    void checkout.pay(async () => ({ breakdown: await flush(billing), address: billing }), confirm);
  };

  const onWallet = (event: StripeExpressCheckoutElementConfirmEvent) => {
    void checkout.pay(
      async () => {
        try {
          const billing = walletBillingAddress(event.billingDetails);
          setAddress(billing);
          rememberSessionAddress(sessionStore(), billing);
          return { breakdown: await flush(billing), address: billing };
        } catch (error) {
          event.paymentFailed({ reason: 'fail' });
          throw error;
        }
      },
      async () => {
        if (stripe === null || elements === null) throw new PaymentFlowError(CONFIRM_MESSAGES.walletFailed);
        try {
          return await confirmExpress(stripe, elements, intent.clientSecret);
        } catch {
          event.paymentFailed({ reason: 'fail' });
          throw new PaymentFlowError(CONFIRM_MESSAGES.walletFailed);
        }
      },
      (error) =>
        error instanceof PaymentFlowError && error.message === CONFIRM_MESSAGES.walletFailed
          ? CONFIRM_MESSAGES.walletRetry
          : paymentErrorMessage(error),
    );
  };

  if (phase.name === 'saving' || phase.name === 'save-error' || phase.name === 'done') {
    return <SaveStatus phase={phase} onRetry={checkout.retrySave} onClose={onClose} />;
  }

  const paying = phase.name === 'paying';
  return (
    <div className="pay-form">
      {!sandbox && elements !== null ? (
        <>
          <section className="pay-section pay-express" aria-label="Express checkout">
            <ExpressCheckoutMount elements={elements} onConfirm={onWallet} />
          </section>
          <div className="divider pay-divider" role="separator">
            <span>OR</span>
          </div>
        </>
      ) : null}
      <BillingAddressForm
        address={address}
        onChange={onAddressChange}
        showAllErrors={showAllErrors}
        disabled={paying}
      />
      {tax.status === 'error' && tax.error ? (
        <p className="banner banner--error pay-banner" role="alert">
          {tax.error}
        </p>
      ) : null}
      <PaymentSummary breakdown={tax.breakdown} taxStatus={tax.status} estimate={estimate} />
      <TaxFeeNotice taxCalculated={tax.breakdown.taxCalculated} />
      {sandbox ? (
        <SandboxCardInput card={card} errors={cardErrors} disabled={paying} onChange={onCardChange} />
      ) : (
        <section className="pay-section pay-stripe" aria-label="Card details">
          <h3 className="pay-section__title">Card details</h3>
          {elements !== null ? (
            <PaymentElementMount elements={elements} />
          ) : (
            <Spinner label="Loading payment system..." />
          )}
        </section>
      )}
      <div className="pay-actions pay-actions--sticky">
        {checkout.payError ? (
          <p className="banner banner--error pay-banner pay-actions__error" role="alert">
            {checkout.payError}
          </p>
        ) : null}
        <button type="button" className="button button--secondary" onClick={onClose} disabled={paying}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary pay-actions__pay"
          onClick={onPay}
          disabled={paying || tax.status === 'calculating'}
        >
          {paying ? 'Processing...' : `Pay ${formatDollars(tax.breakdown.totalAmountCents)}`}
        </button>
      </div>
    </div>
  );
}
