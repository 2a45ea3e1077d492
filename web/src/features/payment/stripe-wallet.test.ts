import { describe, expect, it } from 'vitest';
import { ALBANY_ADDRESS } from './address.fixture.js';
import { walletBillingAddress } from './stripe-wallet.js';

describe('Express Checkout billing address', () => {
  it('takes the wallet address in the form shape', () => {
    const address = walletBillingAddress({
      address: {
        line1: '1 Main St',
        line2: null,
        city: 'Albany',
        state: 'ny',
        postal_code: '12207',
        country: 'US',
      },
    });
    expect(address).toEqual(ALBANY_ADDRESS);
  });

  it('refuses a missing or unusable address', () => {
    for (const details of [
      null,
      {},
      { address: { line1: '1 Main St' } },
      { address: { line1: 'x', postal_code: '12207', country: 'CA', state: 'ON', city: 'T' } },
    ]) {
      expect(() => walletBillingAddress(details)).toThrow('Billing address not provided by Express Checkout');
    }
  });
});
