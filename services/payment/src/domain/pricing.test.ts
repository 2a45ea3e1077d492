import { describe, expect, it } from 'vitest';
import { amountMatches, formatDollars, priceOrder } from './pricing.js';

describe('pricing in integer cents', () => {
  it('prices artist and custom colours with fee and estimated tax', () => {
    const p = priceOrder(3, 2);
    expect(p.subtotalCents).toBe(700);
    expect(p.serviceFeeCents).toBe(21 + 30);
    expect(p.taxAmountCents).toBe(56);
    expect(p.totalCents).toBe(700 + 51 + 56);
  });

  it('rounds half up without floats (the rule: @tessera/facts/pricing)', () => {
    const one = priceOrder(1, 0);
    expect(one).toMatchObject({
      subtotalCents: 100,
      serviceFeeCents: 33,
      taxAmountCents: 8,
      totalCents: 141,
    });
  });

  it('uses a real tax rate when known', () => {
    expect(priceOrder(0, 10, 0).totalCents).toBe(2000 + 60 + 30);
    expect(priceOrder(0, 10, 887).taxAmountCents).toBe(177); // 8.87% of 20.00 = 1.774 -> 1.77
  });

  it('rejects bad counts and rates', () => {
    expect(() => priceOrder(0, 0)).toThrow(/at least one pixel/);
    expect(() => priceOrder(-1, 1)).toThrow(RangeError);
    expect(() => priceOrder(1.5, 1)).toThrow(RangeError);
    expect(() => priceOrder(2402, 0)).toThrow(RangeError);
    expect(() => priceOrder(1, 0, 0.08)).toThrow(RangeError);
  });

  it('matches claimed amounts exactly', () => {
    const p = priceOrder(1, 1);
    expect(amountMatches(p.totalCents, p)).toBe(true);
    expect(amountMatches(p.totalCents - 1, p)).toBe(false);
    expect(amountMatches(Number.NaN, p)).toBe(false);
    expect(formatDollars(141)).toBe('$1.41');
    expect(formatDollars(5)).toBe('$0.05');
  });
});
