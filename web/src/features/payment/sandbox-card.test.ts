import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, luhnValid, parseExpiry, validateCard } from './sandbox-card.js';

const today = new Date(2026, 10, 24);

describe('sandbox card input', () => {
  it('formats the number and expiry while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('1230')).toBe('12 / 30');
  });

  it('checks the number with Luhn, the expiry and the CVC', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4000000000009995')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(parseExpiry('13 / 30')).toBeNull();
    expect(parseExpiry('11 / 26')).toEqual({ month: 11, year: 2026 });
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '11 / 26', cvc: '123' }, today)).toEqual({});
    expect(validateCard({ number: '4242 4242 4242 4241', expiry: '10 / 26', cvc: '12' }, today)).toEqual({
      number: 'Enter a valid card number',
      expiry: 'This card has expired',
      cvc: 'Enter the 3- or 4-digit CVC',
    });
  });
});
