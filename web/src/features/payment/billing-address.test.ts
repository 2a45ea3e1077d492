import { describe, expect, it } from 'vitest';
import { isAddressValid } from '@tessera/facts/address';
import {
  BILLING_STORAGE_KEY,
  EMPTY_ADDRESS,
  addressKey,
  hasRequiredFields,
  readSessionAddress,
  rememberSessionAddress,
} from './billing-address.js';
import { ALBANY_ADDRESS } from './address.fixture.js';
import { memoryStorage } from '../../lib/memory-storage.fixture.js';

// The rules and messages themselves are facts' (services/facts/src/address.test.ts).
describe('billing form state', () => {
  it('starts empty with the country fixed to the US, so the rest is all the buyer types', () => {
    expect(isAddressValid(EMPTY_ADDRESS)).toBe(false);
    expect(isAddressValid({ ...EMPTY_ADDRESS, ...ALBANY_ADDRESS, country: EMPTY_ADDRESS.country })).toBe(
      true,
    );
  });

  it('knows when the four tax fields are filled', () => {
    expect(hasRequiredFields({ ...ALBANY_ADDRESS, city: ' ' })).toBe(false);
    expect(hasRequiredFields({ ...ALBANY_ADDRESS, line2: '' })).toBe(true);
  });

  it('keys an address as it is sent: case and spaces do not make it another one', () => {
    expect(addressKey({ ...ALBANY_ADDRESS, state: 'ny ', line1: ' 1 Main St' })).toBe(
      addressKey(ALBANY_ADDRESS),
    );
    expect(addressKey({ ...ALBANY_ADDRESS, postal_code: '12208' })).not.toBe(addressKey(ALBANY_ADDRESS));
  });
});

describe('the billing address kept for the session', () => {
  it('keeps a valid address and gives it back for the next purchase', () => {
    const storage = memoryStorage();
    expect(readSessionAddress(storage)).toBeNull();
    rememberSessionAddress(storage, { ...ALBANY_ADDRESS, state: 'ny' });
    expect(readSessionAddress(storage)).toEqual({ ...ALBANY_ADDRESS, state: 'NY' });
  });

  it('keeps no invalid address, and reads nothing from a broken or tampered entry', () => {
    const storage = memoryStorage();
    rememberSessionAddress(storage, { ...ALBANY_ADDRESS, postal_code: '12' });
    expect(storage.getItem(BILLING_STORAGE_KEY)).toBeNull();
    storage.setItem(BILLING_STORAGE_KEY, '{not json');
    expect(readSessionAddress(storage)).toBeNull();
    storage.setItem(BILLING_STORAGE_KEY, JSON.stringify({ ...ALBANY_ADDRESS, state: 'XX' }));
    expect(readSessionAddress(storage)).toBeNull();
    expect(readSessionAddress(null)).toBeNull();
  });
});
