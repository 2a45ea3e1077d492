/**
 * The billing address of an order: checked by the one rule of `@tessera/facts/address` (spec section
 * 5, the payment modal's form applies it too, with the same messages), then kept in the contract's
 * field names (`postalCode`), as orders store it and the providers take it.
 */
import {
  ADDRESS_COUNTRY,
  addressProblems,
  normalizeAddress,
  type AddressProblem,
} from '@tessera/facts/address';

/** The address as stored on an order and given to the provider. */
export interface BillingAddress {
  line1: string;
  line2: string;
  city: string;
  /** Two-letter code, upper case. */
  state: string;
  postalCode: string;
  country: typeof ADDRESS_COUNTRY;
}

/** The contract's address fields as they arrive (an empty or absent field is empty). */
export interface AddressInput {
  line1?: string;
  line2?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
}

/** The normalised address, or its problems (each field's first, in form order). */
export function parseAddress(
  input: AddressInput,
): { ok: true; address: BillingAddress } | { ok: false; problems: AddressProblem[] } {
  const given = {
    line1: input.line1,
    line2: input.line2,
    city: input.city,
    state: input.state,
    postal_code: input.postalCode,
    country: input.country,
  };
  const problems = addressProblems(given);
  if (problems.length > 0) return { ok: false, problems };
  const a = normalizeAddress(given);
  return {
    ok: true,
    address: {
      line1: a.line1,
      line2: a.line2,
      city: a.city,
      state: a.state,
      postalCode: a.postal_code,
      country: ADDRESS_COUNTRY,
    },
  };
}
