import { describe, expect, it } from 'vitest';
import { priceOrder } from '@tessera/facts/pricing';
import { amountMatches } from './pricing.js';

describe('the claimed amount', () => {
  it('matches the server price exactly', () => {
    const p = priceOrder(1, 1);
    expect(amountMatches(p.totalCents, p)).toBe(true);
    expect(amountMatches(p.totalCents - 1, p)).toBe(false);
    expect(amountMatches(p.totalCents + 0.5, p)).toBe(false);
    expect(amountMatches(Number.NaN, p)).toBe(false);
  });
});
