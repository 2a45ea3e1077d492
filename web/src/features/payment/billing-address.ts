// The billing form's own state around the one address rule of @tessera/facts/address (the payment
// service applies the same rule and messages): the empty form, and what the tax update of spec
// section 4 (step 3) waits for and remembers, and the address kept for the browser session (the second
// purchase of a visit does not ask for it again).
import { isAddressValid, normalizeAddress, type BillingAddress } from '@tessera/facts/address';

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

/** The session's billing address, in sessionStorage (gone when the tab closes). */
export const BILLING_STORAGE_KEY = 'tessera.billing';

interface SessionStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The address kept for this session, if it is still a valid one; else null. */
export function readSessionAddress(storage: SessionStore | null): BillingAddress | null {
  try {
    const raw = storage?.getItem(BILLING_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    const text = (k: string) => (typeof v[k] === 'string' ? v[k] : '');
    const address: BillingAddress = {
      line1: text('line1'),
      line2: text('line2'),
      city: text('city'),
      state: text('state'),
      postal_code: text('postal_code'),
      country: 'US',
    };
    return isAddressValid(address) ? normalizeAddress(address) : null;
  } catch {
    return null;
  }
}

/** Keeps a valid address for the session (an invalid one is not kept). */
export function rememberSessionAddress(storage: SessionStore | null, address: BillingAddress): void {
  if (!isAddressValid(address)) return;
  try {
    storage?.setItem(BILLING_STORAGE_KEY, JSON.stringify(normalizeAddress(address)));
  } catch {
    // Storage blocked: the next purchase asks again.
  }
}

/** sessionStorage when the browser allows it. */
export function sessionStore(): SessionStore | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}
