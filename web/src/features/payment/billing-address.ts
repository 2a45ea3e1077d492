// The billing form's own state around the one address rule of @tessera/facts/address (the payment
// service applies the same rule and messages): the empty form, and what the tax update of spec
// section 4 (step 3) waits for and remembers.
import { normalizeAddress, type BillingAddress } from '@tessera/facts/address';

/** The form before anything is typed: the country is fixed to the US. */
export const EMPTY_ADDRESS: BillingAddress = {
  line1: '',
  line2: '',
  city: '',
  state: '',
  postal_code: '',
  country: 'US',
};

/** Line 1, city, state and ZIP all filled in (the tax update waits for this and validity). */
export function hasRequiredFields(address: BillingAddress): boolean {
  return [address.line1, address.city, address.state, address.postal_code].every((v) => v.trim() !== '');
}

/** A stable key for "this address was already sent for tax". */
export function addressKey(address: BillingAddress): string {
  const n = normalizeAddress(address);
  return [n.line1, n.line2, n.city, n.state, n.postal_code, n.country].join('\u0000');
}
