/**
 * Billing address rules (spec section 5, "Billing address"): US addresses only, the spec's messages
 * verbatim. Pure: the server applies the same rules as the modal's form.
 */
export interface BillingAddress {
  line1: string;
  line2: string;
  city: string;
  /** Two-letter code, upper case. */
  state: string;
  postalCode: string;
  /** Always "US". */
  country: 'US';
}

/** The 50 states plus DC. */
export const US_STATES: ReadonlySet<string> = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY ' +
    'NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'
  ).split(' '),
);

export interface AddressProblem {
  field: 'line1' | 'line2' | 'city' | 'state' | 'postal_code' | 'country';
  message: string;
}

export interface AddressInput {
  line1?: unknown;
  line2?: unknown;
  city?: unknown;
  state?: unknown;
  postalCode?: unknown;
  country?: unknown;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The first problem of a ZIP code, or null. */
export function zipProblem(zip: string): string | null {
  if (zip === '') return 'ZIP code is required';
  if (!/^\d{5}(-\d{4})?$/.test(zip)) return 'ZIP code must be in format 12345 or 12345-6789';
  const base = zip.slice(0, 5);
  if (base === '00000' || base === '99999' || base === '12345') return 'Invalid ZIP code';
  if (base.startsWith('00') && base !== '00501') return 'Invalid ZIP code';
  return null;
}

/** Every problem of an address (empty when valid), in form order. */
export function addressProblems(input: AddressInput): AddressProblem[] {
  const out: AddressProblem[] = [];
  for (const [key, field] of [
    ['line1', 'line1'],
    ['line2', 'line2'],
    ['city', 'city'],
    ['state', 'state'],
    ['postalCode', 'postal_code'],
    ['country', 'country'],
  ] as const) {
    const v = input[key];
    if (v !== undefined && v !== null && typeof v !== 'string')
      out.push({ field, message: `${field} must be a string` });
  }
  if (out.length > 0) return out;
  const line1 = text(input.line1);
  const line2 = text(input.line2);
  const city = text(input.city);
  const state = text(input.state);
  const zip = text(input.postalCode);
  const country = text(input.country);
  if (line1 === '') out.push({ field: 'line1', message: 'Address line 1 is required' });
  else if (line1.length > 255)
    out.push({ field: 'line1', message: 'Address line 1 must be 255 characters or less' });
  if (line2.length > 255)
    out.push({ field: 'line2', message: 'Address line 2 must be 255 characters or less' });
  if (city === '') out.push({ field: 'city', message: 'City is required' });
  else if (city.length > 100) out.push({ field: 'city', message: 'City must be 100 characters or less' });
  if (state === '') out.push({ field: 'state', message: 'State is required' });
  else if (!/^[A-Za-z]{2}$/.test(state))
    out.push({ field: 'state', message: 'State must be a 2-letter abbreviation (e.g., NY, CA)' });
  else if (!US_STATES.has(state.toUpperCase()))
    out.push({ field: 'state', message: 'Invalid US state code' });
  const zipMsg = zipProblem(zip);
  if (zipMsg) out.push({ field: 'postal_code', message: zipMsg });
  if (country !== '' && country.toUpperCase() !== 'US')
    out.push({ field: 'country', message: 'Only US billing addresses are supported' });
  for (const [field, v] of [
    ['line1', line1],
    ['line2', line2],
    ['city', city],
  ] as const)
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    if (/[\u0000-\u001f\u007f]/.test(v))
      out.push({ field, message: `${field} must not contain control characters` });
  return out;
}

/** The normalised address, or the problems. */
export function parseAddress(
  input: AddressInput,
): { ok: true; address: BillingAddress } | { ok: false; problems: AddressProblem[] } {
  const problems = addressProblems(input);
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    address: {
      line1: text(input.line1),
      line2: text(input.line2),
      city: text(input.city),
      state: text(input.state).toUpperCase(),
      postalCode: text(input.postalCode),
      country: 'US',
    },
  };
}
