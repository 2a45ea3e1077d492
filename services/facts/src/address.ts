/**
 * The billing address (spec sections 3 and 5): US addresses only, with the spec's messages verbatim.
 * One rule for the payment modal's form and for the payment service, which refuses what the form
 * would have refused, so a buyer never passes the form and is then turned away by the server with
 * other words. Fields are named as in the spec's body (`postal_code`). Pure: the web bundle imports it.
 */
import { isPrintableText } from './inputs.js';

/** The spec's billing address: line2 may be empty, state a 2-letter code, country fixed "US". */
export interface BillingAddress {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

export type AddressField = keyof BillingAddress;

/** The fields in form order: problems are listed in this order. */
export const ADDRESS_FIELDS: readonly AddressField[] = [
  'line1',
  'line2',
  'city',
  'state',
  'postal_code',
  'country',
];

/** An address as it may arrive: any field missing counts as empty. */
export type AddressInput = Partial<Record<AddressField, string>>;

export interface AddressProblem {
  field: AddressField;
  message: string;
}

/** Address lines (1 and 2) and the city, at most this many characters once trimmed. */
export const ADDRESS_LINE_MAX = 255;
export const ADDRESS_CITY_MAX = 100;

/** The only country: billing addresses are US addresses. */
export const ADDRESS_COUNTRY = 'US';

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
  /** Shown by the form when Pay is pressed with any problem left. */
  incomplete: 'Please complete all required address fields correctly.',
  // Not the spec's: a control character (pasted tab, NUL) never belongs in an address and would
  // reach the provider and the stored order.
  line1Control: 'Address line 1 must not contain control characters',
  line2Control: 'Address line 2 must not contain control characters',
  cityControl: 'City must not contain control characters',
} as const;

/** The 50 states plus DC, with their names (the form's list). */
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
const STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map(([code]) => code));

const ZIP_FORMAT = /^\d{5}(-\d{4})?$/;
/** Placeholder ZIPs people type to get past a form; 00501 is real (the IRS in Holtsville, NY). */
const REJECTED_ZIP_BASES: ReadonlySet<string> = new Set(['00000', '99999', '12345']);

/** The problem of a ZIP code (trimmed), or null. */
export function zipProblem(zip: string): string | null {
  const v = zip.trim();
  if (v === '') return ADDRESS_MESSAGES.zipRequired;
  if (!ZIP_FORMAT.test(v)) return ADDRESS_MESSAGES.zipFormat;
  const base = v.slice(0, 5);
  if (REJECTED_ZIP_BASES.has(base) || (base.startsWith('00') && base !== '00501'))
    return ADDRESS_MESSAGES.zipInvalid;
  return null;
}

/** A free-text field: required or not, at most `max` characters, printable (all judged trimmed). */
function textProblem(
  value: string,
  max: number,
  messages: { required?: string; tooLong: string; control: string },
): string | null {
  const v = value.trim();
  if (v === '') return messages.required ?? null;
  if (v.length > max) return messages.tooLong;
  return isPrintableText(v) ? null : messages.control;
}

function stateProblem(value: string): string | null {
  const v = value.trim();
  if (v === '') return ADDRESS_MESSAGES.stateRequired;
  // the letters are checked as typed, before upper-casing: 'ı'.toUpperCase() is 'I'
  if (!/^[A-Za-z]{2}$/.test(v)) return ADDRESS_MESSAGES.stateFormat;
  return STATE_CODES.has(v.toUpperCase()) ? null : ADDRESS_MESSAGES.stateInvalid;
}

function countryProblem(value: string): string | null {
  const v = value.trim();
  if (v === '') return ADDRESS_MESSAGES.countryRequired;
  return v.toUpperCase() === ADDRESS_COUNTRY ? null : ADDRESS_MESSAGES.countryUnsupported;
}

const RULES: Record<AddressField, (value: string) => string | null> = {
  line1: (v) =>
    textProblem(v, ADDRESS_LINE_MAX, {
      required: ADDRESS_MESSAGES.line1Required,
      tooLong: ADDRESS_MESSAGES.line1TooLong,
      control: ADDRESS_MESSAGES.line1Control,
    }),
  line2: (v) =>
    textProblem(v, ADDRESS_LINE_MAX, {
      tooLong: ADDRESS_MESSAGES.line2TooLong,
      control: ADDRESS_MESSAGES.line2Control,
    }),
  city: (v) =>
    textProblem(v, ADDRESS_CITY_MAX, {
      required: ADDRESS_MESSAGES.cityRequired,
      tooLong: ADDRESS_MESSAGES.cityTooLong,
      control: ADDRESS_MESSAGES.cityControl,
    }),
  state: stateProblem,
  postal_code: zipProblem,
  country: countryProblem,
};

/** The problem of one field (the form shows it when the field is left), or null. */
export function addressFieldProblem(field: AddressField, value: string): string | null {
  return RULES[field](value);
}

/** Each field's problem, in form order; empty when the address is valid. */
export function addressProblems(input: AddressInput): AddressProblem[] {
  const out: AddressProblem[] = [];
  for (const field of ADDRESS_FIELDS) {
    const message = RULES[field](input[field] ?? '');
    if (message !== null) out.push({ field, message });
  }
  return out;
}

export function isAddressValid(input: AddressInput): boolean {
  return addressProblems(input).length === 0;
}

/** Every field trimmed, state and country upper case: how the address is sent and stored. */
export function normalizeAddress(input: AddressInput): BillingAddress {
  const text = (field: AddressField) => (input[field] ?? '').trim();
  return {
    line1: text('line1'),
    line2: text('line2'),
    city: text('city'),
    state: text('state').toUpperCase(),
    postal_code: text('postal_code'),
    country: text('country').toUpperCase(),
  };
}
