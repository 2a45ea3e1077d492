// Billing address rules of spec section 5: US addresses only, every message verbatim.

export interface BillingAddress {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

export type AddressField = keyof BillingAddress;
export type AddressErrors = Partial<Record<AddressField, string>>;

export const LINE_MAX = 255;
export const CITY_MAX = 100;

export const ADDRESS_MESSAGES = {
  line1Required: 'Address line 1 is required',
  line1TooLong: 'Address line 1 must be 255 characters or less',
  line2TooLong: 'Address line 2 must be 255 characters or less',
  cityRequired: 'City is required',
  cityTooLong: 'City must be 100 characters or less',
  stateRequired: 'State is required',
  stateFormat: 'State must be a 2-letter abbreviation (e.g., NY, CA)',
  stateInvalid: 'Invalid US state code',
  zipRequired: 'ZIP code is required',
  zipFormat: 'ZIP code must be in format 12345 or 12345-6789',
  zipInvalid: 'Invalid ZIP code',
  countryRequired: 'Country is required',
  countryUnsupported: 'Only US addresses are supported at this time',
  incomplete: 'Please complete all required address fields correctly.',
} as const;

/** The 50 states plus DC. */
export const US_STATES: ReadonlyArray<readonly [code: string, name: string]> = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];
const STATE_CODES = new Set(US_STATES.map(([code]) => code));

export const EMPTY_ADDRESS: BillingAddress = {
  line1: '',
  line2: '',
  city: '',
  state: '',
  postal_code: '',
  country: 'US',
};

const ZIP_FORMAT = /^\d{5}(-\d{4})?$/;
const REJECTED_ZIP_BASES = new Set(['00000', '99999', '12345']);

/** A required field of at most `max` characters once trimmed. */
function requiredText(max: number, required: string, tooLong: string): (value: string) => string | null {
  return (value) => {
    const v = value.trim();
    if (v === '') return required;
    return v.length > max ? tooLong : null;
  };
}

export const validateLine1 = requiredText(
  LINE_MAX,
  ADDRESS_MESSAGES.line1Required,
  ADDRESS_MESSAGES.line1TooLong,
);

export function validateLine2(value: string): string | null {
  return value.trim().length > LINE_MAX ? ADDRESS_MESSAGES.line2TooLong : null;
}

export const validateCity = requiredText(
  CITY_MAX,
  ADDRESS_MESSAGES.cityRequired,
  ADDRESS_MESSAGES.cityTooLong,
);

export function validateState(value: string): string | null {
  const v = value.trim().toUpperCase();
  if (v === '') return ADDRESS_MESSAGES.stateRequired;
  if (!/^[A-Z]{2}$/.test(v)) return ADDRESS_MESSAGES.stateFormat;
  if (!STATE_CODES.has(v)) return ADDRESS_MESSAGES.stateInvalid;
  return null;
}

export function validateZip(value: string): string | null {
  const v = value.trim();
  if (v === '') return ADDRESS_MESSAGES.zipRequired;
  if (!ZIP_FORMAT.test(v)) return ADDRESS_MESSAGES.zipFormat;
  const base = v.slice(0, 5);
  if (REJECTED_ZIP_BASES.has(base) || (base.startsWith('00') && base !== '00501')) {
    return ADDRESS_MESSAGES.zipInvalid;
  }
  return null;
}

export function validateCountry(value: string): string | null {
  const v = value.trim().toUpperCase();
  if (v === '') return ADDRESS_MESSAGES.countryRequired;
  if (v !== 'US') return ADDRESS_MESSAGES.countryUnsupported;
  return null;
}

const VALIDATORS: Record<AddressField, (value: string) => string | null> = {
  line1: validateLine1,
  line2: validateLine2,
  city: validateCity,
  state: validateState,
  postal_code: validateZip,
  country: validateCountry,
};

export function validateField(field: AddressField, value: string): string | null {
  return VALIDATORS[field](value);
}

/** Every field's first error; empty when the address is valid. */
export function validateAddress(address: BillingAddress): AddressErrors {
  const errors: AddressErrors = {};
  for (const field of Object.keys(VALIDATORS) as AddressField[]) {
    const message = VALIDATORS[field](address[field]);
    if (message !== null) errors[field] = message;
  }
  return errors;
}

export function isAddressValid(address: BillingAddress): boolean {
  return Object.keys(validateAddress(address)).length === 0;
}

/** Line 1, city, state and ZIP all filled in (the tax update waits for this and validity). */
export function hasRequiredFields(address: BillingAddress): boolean {
  return [address.line1, address.city, address.state, address.postal_code].every((v) => v.trim() !== '');
}

/** Trimmed, state and country upper-cased, empty line2 dropped: the body the server receives. */
export function normalizeAddress(address: BillingAddress): BillingAddress {
  return {
    line1: address.line1.trim(),
    line2: address.line2.trim(),
    city: address.city.trim(),
    state: address.state.trim().toUpperCase(),
    postal_code: address.postal_code.trim(),
    country: address.country.trim().toUpperCase(),
  };
}

/** A stable key for "this address was already sent for tax". */
export function addressKey(address: BillingAddress): string {
  const n = normalizeAddress(address);
  return [n.line1, n.line2, n.city, n.state, n.postal_code, n.country].join('\u0000');
}
