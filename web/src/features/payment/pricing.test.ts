import { describe, expect, it } from 'vitest';
import { ESTIMATED_TAX_BPS, MAX_PIXELS_PER_ORDER, applyBps, serviceFeeCents } from '@tessera/facts/pricing';
import {
  FEE_DESCRIPTION,
  breakdownFromServer,
  estimateBreakdown,
  formatRate,
  taxRateToBps,
  taxChangeNote,
} from './pricing.js';

describe('pricing in integer cents', () => {
  it('prices 2 artist and 1 custom pixel: 400 + fee 12+30 + tax 32 = 474', () => {
    const b = estimateBreakdown(2, 1);
    expect(b).toMatchObject({
      artistColorCost: 200,
      customColorCost: 200,
      subtotal: 400,
      serviceFeeTotal: 42,
      taxAmount: 32,
      taxRate: 800,
      taxJurisdiction: 'Estimated',
      totalAmountCents: 474,
      taxCalculated: false,
    });
  });

  // The half-up rounding of the fee and the tax is @tessera/facts/pricing's and tested there. Here: the
  // spec's prices (100 and 200 cents), and that the estimate adds the shared fee and 8% tax to them.
  it('totals every order up to 60 pixels of each kind with the shared price rules', () => {
    const wrong: string[] = [];
    for (let a = 0; a <= 60; a++) {
      for (let c = 0; c <= 60; c++) {
        if (a + c === 0) continue;
        const subtotal = a * 100 + c * 200;
        const expected = subtotal + serviceFeeCents(subtotal) + applyBps(subtotal, ESTIMATED_TAX_BPS);
        const b = estimateBreakdown(a, c);
        if (b.totalAmountCents !== expected || !Number.isInteger(b.totalAmountCents)) wrong.push(`${a},${c}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses what priceOrder refuses: an empty order, more pixels of a kind than a board has', () => {
    expect(() => estimateBreakdown(0, 0)).toThrow(RangeError);
    expect(() => estimateBreakdown(MAX_PIXELS_PER_ORDER + 1, 0)).toThrow(RangeError);
    expect(estimateBreakdown(MAX_PIXELS_PER_ORDER, 0).subtotal).toBe(MAX_PIXELS_PER_ORDER * 100);
  });

  it('formats rates and the fee', () => {
    expect(formatRate(800)).toBe('8%');
    expect(formatRate(888)).toBe('8.88%');
    expect(FEE_DESCRIPTION).toBe('3% + $0.30 service fee');
  });
});

describe('the server breakdown', () => {
  it('reads tax rates as fractions, percents or basis points', () => {
    expect(taxRateToBps(0.08875)).toBe(888);
    expect(taxRateToBps(8)).toBe(800);
    expect(taxRateToBps(8.875)).toBe(888);
    expect(taxRateToBps(725)).toBe(725);
    expect(taxRateToBps('0.06')).toBe(600);
    expect(taxRateToBps(-1)).toBeNull();
    expect(taxRateToBps('x')).toBeNull();
  });

  it('replaces the estimate with the server amounts and jurisdiction', () => {
    const estimate = estimateBreakdown(2, 1);
    const b = breakdownFromServer(
      {
        subtotal_cents: 400,
        service_fee_cents: 42,
        tax_amount_cents: 36,
        tax_rate: 0.08875,
        tax_jurisdiction: 'New York, NY',
        total_cents: 478,
      },
      estimate,
    );
    expect(b).toMatchObject({
      taxAmount: 36,
      taxRate: 888,
      taxJurisdiction: 'New York, NY',
      totalAmountCents: 478,
      taxCalculated: true,
    });
    expect(b?.artistColorCost).toBe(200);
  });

  it('refuses a breakdown with a missing or non-integer amount', () => {
    const estimate = estimateBreakdown(1, 0);
    expect(
      breakdownFromServer({ subtotal_cents: 100, service_fee_cents: 33, tax_amount_cents: 8 }, estimate),
    ).toBeNull();
    expect(
      breakdownFromServer(
        { subtotal_cents: 100, service_fee_cents: 33, tax_amount_cents: 8.5, total_cents: 141 },
        estimate,
      ),
    ).toBeNull();
    expect(breakdownFromServer(null, estimate)).toBeNull();
    expect(
      breakdownFromServer(
        { subtotal_cents: 100, service_fee_cents: 33, tax_amount_cents: -8, total_cents: 125 },
        estimate,
      ),
    ).toBeNull();
    // amounts given as decimal text are read as numbers
    expect(
      breakdownFromServer(
        { subtotal_cents: '100', service_fee_cents: '33', tax_amount_cents: '8', total_cents: '141' },
        estimate,
      )?.totalAmountCents,
    ).toBe(141);
    const estimated = breakdownFromServer(
      {
        subtotal_cents: 100,
        service_fee_cents: 33,
        tax_amount_cents: 8,
        total_cents: 141,
        tax_jurisdiction: 'Estimated',
      },
      estimate,
    );
    expect(estimated?.taxCalculated).toBe(false);
  });
});

describe('what changed when the address is known', () => {
  const estimate = estimateBreakdown(2, 1);
  const calculated = (taxRate: number, taxAmount: number) => ({
    ...estimate,
    taxRate,
    taxAmount,
    taxJurisdiction: 'NY',
    totalAmountCents: estimate.subtotal + estimate.serviceFeeTotal + taxAmount,
    taxCalculated: true,
  });

  it('says nothing while the tax is the estimate', () => {
    expect(taxChangeNote(estimate, estimate)).toBeNull();
  });

  it('names the real rate and the total before and after', () => {
    // 4.00 + 0.42 fee: 8% estimate 0.32 -> 4.74; NY 4% 0.16 -> 4.58
    expect(taxChangeNote(estimate, calculated(400, 16))).toBe(
      'NY tax is 4%, not the estimated 8%: your total went down from $4.74 to $4.58.',
    );
    expect(taxChangeNote(estimate, calculated(900, 36))).toBe(
      'NY tax is 9%, not the estimated 8%: your total went up from $4.74 to $4.78.',
    );
    expect(taxChangeNote(estimate, calculated(800, 32))).toBe(
      'NY tax is 8%: your total stays $4.74, as estimated.',
    );
  });
});
