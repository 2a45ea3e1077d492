// Express Checkout (wallet) helpers: the billing address the wallet gives, in the form's shape.
import { isAddressValid, normalizeAddress, type BillingAddress } from '@tessera/facts/address';
import { CONFIRM_MESSAGES, PaymentFlowError } from './payment-messages.js';

interface WalletAddress {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

/** The wallet's billing address; "Billing address not provided by Express Checkout" without a usable one. */
export function walletBillingAddress(
  details: { address?: WalletAddress | null } | null | undefined,
): BillingAddress {
  const a = details?.address;
  if (!a || !a.line1 || !a.postal_code) throw new PaymentFlowError(CONFIRM_MESSAGES.walletNoAddress);
  const address = normalizeAddress({
    line1: a.line1,
    line2: a.line2 ?? '',
    city: a.city ?? '',
    state: a.state ?? '',
    postal_code: a.postal_code,
    country: a.country ?? '',
  });
  if (!isAddressValid(address)) throw new PaymentFlowError(CONFIRM_MESSAGES.walletNoAddress);
  return address;
}
