import { describe, expect, it } from 'vitest';
import { applyBps, serviceFeeCents } from './pricing.js';

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
});
