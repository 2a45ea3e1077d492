import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES,
  EMPTY_ADDRESS,
  US_STATES,
  hasRequiredFields,
  isAddressValid,
  normalizeAddress,
  validateAddress,
  validateField,
  validateZip,
} from './billing-address.js';
import { ALBANY_ADDRESS } from './address.fixture.js';

/** Valid, with the state as a user may type it (normalised to upper case). */
const VALID = { ...ALBANY_ADDRESS, state: 'ny' };

describe('billing address rules', () => {
  it('accepts a valid US address', () => {
    expect(validateAddress(VALID)).toEqual({});
    expect(isAddressValid(VALID)).toBe(true);
  });

  it('requires line 1, city, state, ZIP and country', () => {
    expect(validateAddress({ ...EMPTY_ADDRESS, country: '' })).toEqual({
      line1: 'Address line 1 is required',
      city: 'City is required',
      state: 'State is required',
      postal_code: 'ZIP code is required',
      country: 'Country is required',
    });
  });

  it('limits lines to 255 and the city to 100 characters', () => {
    expect(validateField('line1', 'a'.repeat(255))).toBeNull();
    expect(validateField('line1', 'a'.repeat(256))).toBe('Address line 1 must be 255 characters or less');
    expect(validateField('line2', 'a'.repeat(256))).toBe('Address line 2 must be 255 characters or less');
    expect(validateField('line2', '')).toBeNull();
    expect(validateField('city', 'a'.repeat(100))).toBeNull();
    expect(validateField('city', 'a'.repeat(101))).toBe('City must be 100 characters or less');
  });

  it('checks the state: two letters, one of the 50 states plus DC', () => {
    expect(US_STATES).toHaveLength(51);
    expect(validateField('state', 'N')).toBe('State must be a 2-letter abbreviation (e.g., NY, CA)');
    expect(validateField('state', 'N1')).toBe(ADDRESS_MESSAGES.stateFormat);
    expect(validateField('state', 'XX')).toBe('Invalid US state code');
    expect(validateField('state', 'PR')).toBe('Invalid US state code');
    expect(validateField('state', 'dc')).toBeNull();
  });

  it('checks the ZIP format and refuses the placeholder bases', () => {
    expect(validateZip('12207')).toBeNull();
    expect(validateZip('12207-1234')).toBeNull();
    expect(validateZip('00501')).toBeNull();
    for (const bad of ['1220', '122071', '12207-12', 'abcde', '12207 1234']) {
      expect(validateZip(bad)).toBe('ZIP code must be in format 12345 or 12345-6789');
    }
    for (const bad of ['00000', '99999', '12345', '12345-6789', '00123', '00500', '00502']) {
      expect(validateZip(bad)).toBe('Invalid ZIP code');
    }
  });

  it('supports US addresses only', () => {
    expect(validateField('country', 'CA')).toBe('Only US addresses are supported at this time');
    expect(validateField('country', 'us')).toBeNull();
  });

  it('knows when the four tax fields are filled, and normalises the body', () => {
    expect(hasRequiredFields({ ...VALID, city: ' ' })).toBe(false);
    expect(hasRequiredFields(VALID)).toBe(true);
    expect(normalizeAddress({ ...VALID, line1: ' 1 Main St ', state: 'ny ' })).toEqual({
      ...VALID,
      state: 'NY',
    });
  });
});
