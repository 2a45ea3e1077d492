import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES,
  addressFieldProblem,
  addressProblems,
  isAddressValid,
  normalizeAddress,
  US_STATES,
  zipProblem,
} from './address.js';

// a valid address with every field given, line 2 too
const GOOD = {
  line1: '500 Congress Ave',
  line2: 'Suite 4',
  city: 'Austin',
  state: 'TX',
  postal_code: '78701',
  country: 'US',
};
const messages = (input: Parameters<typeof addressProblems>[0]) =>
  addressProblems(input).map((p) => p.message);

describe('billing address', () => {
  it('accepts a valid US address, the state and country in any case and spaces around', () => {
    expect(addressProblems(GOOD)).toEqual([]);
    expect(isAddressValid({ ...GOOD, state: ' dc ', country: 'us', line1: ' 500 Congress Ave ' })).toBe(true);
    expect(isAddressValid({ ...GOOD, line2: '' })).toBe(true);
  });

  it('requires line 1, city, state, ZIP and country, in form order with their fields', () => {
    expect(addressProblems({})).toEqual([
      { field: 'line1', message: 'Address line 1 is required' },
      { field: 'city', message: 'City is required' },
      { field: 'state', message: 'State is required' },
      { field: 'postal_code', message: 'ZIP code is required' },
      { field: 'country', message: 'Country is required' },
    ]);
    expect(messages({ ...GOOD, line1: '   ' })).toEqual(['Address line 1 is required']);
    expect(messages({ ...GOOD, country: ' ' })).toEqual(['Country is required']);
  });

  it('limits the lines to 255 and the city to 100 characters, trimmed', () => {
    expect(messages({ ...GOOD, line1: 'a'.repeat(255) })).toEqual([]);
    expect(messages({ ...GOOD, line1: ` ${'a'.repeat(255)} ` })).toEqual([]);
    expect(messages({ ...GOOD, line1: 'a'.repeat(256) })).toEqual([
      'Address line 1 must be 255 characters or less',
    ]);
    expect(messages({ ...GOOD, line2: 'a'.repeat(256) })).toEqual([
      'Address line 2 must be 255 characters or less',
    ]);
    expect(messages({ ...GOOD, city: 'a'.repeat(100) })).toEqual([]);
    expect(messages({ ...GOOD, city: 'a'.repeat(101) })).toEqual(['City must be 100 characters or less']);
  });

  it('refuses control characters in the text fields', () => {
    expect(messages({ ...GOOD, line1: '1 Main\u0000St' })).toEqual([ADDRESS_MESSAGES.line1Control]);
    expect(messages({ ...GOOD, line2: 'Apt\t4' })).toEqual([ADDRESS_MESSAGES.line2Control]);
    expect(messages({ ...GOOD, city: 'Al\u007fbany' })).toEqual([ADDRESS_MESSAGES.cityControl]);
  });

  it('checks the state: two letters as typed, one of the 50 states plus DC', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map(([code]) => code)).size).toBe(51);
    expect(US_STATES.find(([code]) => code === 'DC')?.[1]).toBe('District of Columbia');
    expect(addressFieldProblem('state', 'N')).toBe('State must be a 2-letter abbreviation (e.g., NY, CA)');
    expect(addressFieldProblem('state', 'New')).toBe(ADDRESS_MESSAGES.stateFormat);
    expect(addressFieldProblem('state', 'N1')).toBe(ADDRESS_MESSAGES.stateFormat);
    // a letter whose upper case is ASCII is still not one of the two letters
    expect(addressFieldProblem('state', '\u0131a')).toBe(ADDRESS_MESSAGES.stateFormat);
    expect(addressFieldProblem('state', 'XX')).toBe('Invalid US state code');
    expect(addressFieldProblem('state', 'PR')).toBe('Invalid US state code');
    expect(addressFieldProblem('state', 'dc')).toBeNull();
  });

  it('checks the ZIP format and refuses the placeholder bases, 00501 excepted', () => {
    expect(zipProblem('12207')).toBeNull();
    expect(zipProblem(' 12207-1234 ')).toBeNull();
    expect(zipProblem('00501')).toBeNull();
    for (const bad of ['1220', '122071', '12207-12', 'abcde', '12207 1234'])
      expect(zipProblem(bad)).toBe('ZIP code must be in format 12345 or 12345-6789');
    for (const bad of ['00000', '99999', '12345', '12345-6789', '00123', '00500', '00502'])
      expect(zipProblem(bad)).toBe('Invalid ZIP code');
    expect(addressFieldProblem('postal_code', '')).toBe('ZIP code is required');
  });

  it('supports US addresses only, in the spec words', () => {
    expect(addressFieldProblem('country', 'CA')).toBe('Only US addresses are supported at this time');
    expect(addressFieldProblem('country', 'USA')).toBe(ADDRESS_MESSAGES.countryUnsupported);
    expect(addressFieldProblem('country', 'us')).toBeNull();
  });

  it('normalises: trimmed, state and country upper case, missing fields empty', () => {
    expect(normalizeAddress({ ...GOOD, line1: ' 500 Congress Ave ', state: 'tx ', country: 'us' })).toEqual(
      GOOD,
    );
    expect(normalizeAddress({ line1: 'x' })).toEqual({
      line1: 'x',
      line2: '',
      city: '',
      state: '',
      postal_code: '',
      country: '',
    });
  });
});
