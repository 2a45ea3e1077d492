import { describe, expect, it } from 'vitest';
import {
  ARTIST_SHARE_PERCENT,
  GALLERY_SHARE_PERCENT,
  applyBps,
  colourCounts,
  estimateOrderPrice,
  ESTIMATED_JURISDICTION,
  formatDollars,
  priceOrder,
  serviceFeeCents,
} from './pricing.js';

describe('pricing', () => {
  it.each([
    [150, 300, 5], // 4.5 -> 5
    [149, 300, 4], // 4.47 -> 4
    [100, 800, 8],
    [1, 800, 0],
    [7, 800, 1], // 0.56 rounds up
    [6, 800, 0], // 0.48 rounds down
    [625, 800, 50],
    [1_250_000, 300, 37_500],
  ])('applyBps(%i, %i) = %i, half up in integers', (amount, bps, cents) => {
    expect(applyBps(amount, bps)).toBe(cents);
  });

  it('the service fee is 3% of the subtotal plus 30 cents', () => {
    expect(serviceFeeCents(100)).toBe(33);
    expect(serviceFeeCents(300)).toBe(39);
    expect(serviceFeeCents(240_100)).toBe(7_233);
  });

  it('prices artist and custom colours with fee and estimated tax', () => {
    const p = priceOrder(3, 2);
    expect(p.subtotalCents).toBe(700);
    expect(p.serviceFeeCents).toBe(21 + 30);
    expect(p.taxAmountCents).toBe(56);
    expect(p.totalCents).toBe(700 + 51 + 56);
  });

  it('rounds half up without floats', () => {
    expect(priceOrder(1, 0)).toMatchObject({
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

  it('refuses bad counts and rates', () => {
    expect(() => priceOrder(0, 0)).toThrow(/at least one pixel/);
    expect(() => priceOrder(-1, 1)).toThrow(RangeError);
    expect(() => priceOrder(1.5, 1)).toThrow(RangeError);
    expect(() => priceOrder(2402, 0)).toThrow(RangeError);
    expect(() => priceOrder(1, 0, 0.08)).toThrow(RangeError);
  });

  it('writes cents as dollars', () => {
    expect(formatDollars(141)).toBe('$1.41');
    expect(formatDollars(5)).toBe('$0.05');
    expect(formatDollars(-5)).toBe('-$0.05');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(99_999)).toBe('$999.99');
    expect(formatDollars(480_230)).toBe('$4,802.30');
    expect(formatDollars(-123_456_789)).toBe('-$1,234,567.89');
  });

  it('counts artist-colour and custom-colour pixels', () => {
    expect(colourCounts([])).toEqual({ artistColorCount: 0, customColorCount: 0 });
    expect(
      colourCounts([{ isDefault: true }, { isDefault: false }, { isDefault: true }, { isDefault: false }]),
    ).toEqual({ artistColorCount: 2, customColorCount: 2 });
    // any iterable, read once
    expect(colourCounts(new Set([{ isDefault: false }]).values())).toEqual({
      artistColorCount: 0,
      customColorCount: 1,
    });
  });

  it('estimates an order at the 8% estimate, labelled as the estimate', () => {
    const p = estimateOrderPrice({ artistColorCount: 3, customColorCount: 2 });
    expect(p).toEqual({ ...priceOrder(3, 2), taxJurisdiction: 'Estimated' });
    expect(p.taxRateBps).toBe(800);
    expect(p.taxJurisdiction).toBe(ESTIMATED_JURISDICTION);
    expect(() => estimateOrderPrice({ artistColorCount: 0, customColorCount: 0 })).toThrow(RangeError);
  });

  it('splits revenue 70% to the artist and 30% to the gallery', () => {
    expect(ARTIST_SHARE_PERCENT).toBe(70);
    expect(GALLERY_SHARE_PERCENT).toBe(30);
  });
});
