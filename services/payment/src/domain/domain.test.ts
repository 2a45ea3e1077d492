import { describe, expect, it } from 'vitest';
import { addressProblems, parseAddress, zipProblem } from './address.js';
import { cardOutcome, luhnValid, TEST_CARDS } from './cards.js';
import { ledgerEntry } from './ledger.js';
import { estimateBreakdown, nextStep, refundMessage, withTax, type Order } from './order.js';
import { sandboxTax, STATE_TAX_BPS } from './sandbox-tax.js';

const good = { line1: '1 Main St', city: 'Albany', state: 'NY', postalCode: '12207' };

describe('billing address', () => {
  it('accepts a valid address and normalises it', () => {
    expect(parseAddress({ ...good, state: 'ny', line1: ' 1 Main St ' })).toEqual({
      ok: true,
      address: {
        line1: '1 Main St',
        line2: '',
        city: 'Albany',
        state: 'NY',
        postalCode: '12207',
        country: 'US',
      },
    });
  });

  it('gives the spec messages', () => {
    const msg = (a: Record<string, unknown>) => addressProblems(a).map((p) => p.message);
    expect(msg({})).toEqual([
      'Address line 1 is required',
      'City is required',
      'State is required',
      'ZIP code is required',
    ]);
    expect(msg({ ...good, line1: 'x'.repeat(256) })).toEqual([
      'Address line 1 must be 255 characters or less',
    ]);
    expect(msg({ ...good, line2: 'x'.repeat(256) })).toEqual([
      'Address line 2 must be 255 characters or less',
    ]);
    expect(msg({ ...good, city: 'x'.repeat(101) })).toEqual(['City must be 100 characters or less']);
    expect(msg({ ...good, state: 'New' })).toEqual(['State must be a 2-letter abbreviation (e.g., NY, CA)']);
    expect(msg({ ...good, state: 'XX' })).toEqual(['Invalid US state code']);
    expect(msg({ ...good, state: 'DC' })).toEqual([]);
    expect(msg({ ...good, country: 'CA' })).toEqual(['Only US billing addresses are supported']);
    expect(msg({ ...good, city: 5 })).toEqual(['city must be a string']);
  });

  it('checks ZIP codes', () => {
    expect(zipProblem('1234')).toBe('ZIP code must be in format 12345 or 12345-6789');
    expect(zipProblem('12207-1234')).toBeNull();
    for (const z of ['00000', '99999', '12345', '00123', '12345-6789'])
      expect(zipProblem(z)).toBe('Invalid ZIP code');
    expect(zipProblem('00501')).toBeNull();
  });
});

describe('test cards', () => {
  const card = (number: string) => ({ number, expMonth: 12, expYear: 2099, cvc: '123' });
  const now = Date.UTC(2026, 10, 24);
  it('pays with 4242, declines 0002, insufficient funds with 9995', () => {
    expect(cardOutcome(card('4242 4242 4242 4242'), now)).toMatchObject({ ok: true, last4: '4242' });
    expect(cardOutcome(card(TEST_CARDS.declined), now)).toEqual({
      ok: false,
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect(cardOutcome(card(TEST_CARDS.insufficientFunds), now)).toEqual({
      ok: false,
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });
  it('refuses bad numbers, past expiry and short CVCs', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardOutcome(card('4242424242424241'), now)).toMatchObject({ code: 'incorrect_number' });
    expect(cardOutcome({ ...card(TEST_CARDS.succeeds), expYear: 2026, expMonth: 10 }, now)).toMatchObject({
      code: 'invalid_expiry_year',
    });
    expect(cardOutcome({ ...card(TEST_CARDS.succeeds), cvc: '1' }, now)).toMatchObject({
      code: 'incomplete_cvc',
    });
    expect(cardOutcome(card('5555555555554444'), now)).toEqual({
      ok: false,
      code: 'card_declined',
      declineCode: 'test_mode_live_card',
      message: 'Your card was declined. Your request was in test mode, but used a non test card.',
    });
  });
});

describe('ledger and tax', () => {
  it('splits the pixel revenue 70/30 and keeps every cent', () => {
    const e = ledgerEntry({ orderId: 'o', canvasIndex: 1, receivedCents: 1137, feeCents: 63, taxCents: 74 });
    expect(e).toMatchObject({ artistCents: 700, galleryCents: 300, feeCents: 63, taxCents: 74 });
    for (const received of [0, 1, 33, 141, 999, 123457]) {
      const x = ledgerEntry({
        orderId: 'o',
        canvasIndex: 1,
        receivedCents: received,
        feeCents: 33,
        taxCents: 8,
      });
      expect(x.artistCents + x.galleryCents + x.feeCents + x.taxCents).toBe(received);
      expect(Math.min(x.artistCents, x.galleryCents, x.feeCents, x.taxCents)).toBeGreaterThanOrEqual(0);
    }
  });

  it('uses the provider tax for the address', () => {
    const b = estimateBreakdown([{ isDefault: true }, { isDefault: false }]);
    expect(b).toMatchObject({ subtotalCents: 300, taxAmountCents: 24, totalCents: 300 + 39 + 24 });
    const t = withTax(b, sandboxTax('CA', b.subtotalCents));
    expect(t).toMatchObject({ taxRateBps: 725, taxAmountCents: 22, taxJurisdiction: 'CA', totalCents: 361 });
    expect(Object.keys(STATE_TAX_BPS)).toHaveLength(51);
    expect(() => withTax(b, { amountCents: -1, rateBps: 0, jurisdiction: 'x' })).toThrow(RangeError);
  });
});

describe('order steps', () => {
  const order = (state: Order['state'], claimUntil = 0) => ({ state, claimUntil }) as Order;
  it('never changes a final order, whatever the provider says', () => {
    for (const s of ['granted', 'refunded', 'canceled'] as const)
      for (const status of ['succeeded', 'canceled', 'requires_payment_method'] as const)
        expect(nextStep(order(s), status, 0).kind).toBe('done');
  });
  it("commits only paid orders; waits for an older version's live claim, takes over an expired one", () => {
    expect(nextStep(order('pending'), 'succeeded', 0).kind).toBe('commit');
    expect(nextStep(order('pending'), 'requires_payment_method', 0).kind).toBe('unpaid');
    expect(nextStep(order('pending'), 'processing', 0).kind).toBe('unpaid');
    expect(nextStep(order('pending'), 'canceled', 0).kind).toBe('cancel');
    expect(nextStep(order('committing', 100), 'succeeded', 50).kind).toBe('wait');
    expect(nextStep(order('committing', 100), 'succeeded', 150).kind).toBe('commit');
    expect(nextStep(order('refunding'), 'succeeded', 0).kind).toBe('finish-refund');
  });
  it('tells the buyer about the refund', () => {
    expect(refundMessage(474)).toMatch(/\$4\.74 has been refunded in full/);
  });
});
