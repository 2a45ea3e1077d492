import { describe, expect, it } from 'vitest';
import { parseAddress, type AddressInput } from './address.js';
import { cardOutcome, luhnValid, TEST_CARDS } from './cards.js';
import { ledgerEntry } from './ledger.js';
import { colourCounts, estimateOrderPrice } from '@tessera/facts/pricing';
import { INTENT_STATUSES } from '@tessera/facts/payments';
import { addressChangeAllowed, nextStep, pendingOrder, withTax, type Order } from './order.js';
import { sandboxTax, STATE_TAX_BPS } from './sandbox-tax.js';

const good = { line1: '1 Main St', city: 'Albany', state: 'NY', postalCode: '12207', country: 'US' };

// the rules themselves are facts' (services/facts/src/address.test.ts); here: the contract's field
// names in and out, and the first problem's field as the error names it
describe('billing address', () => {
  it('accepts a valid address and keeps it normalised in the contract names', () => {
    expect(parseAddress({ ...good, state: 'ny', line1: ' 1 Main St ', country: 'us' })).toEqual({
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

  it("refuses with facts' problems, the ZIP under postal_code, a missing country too", () => {
    const problems = (a: AddressInput) => {
      const r = parseAddress(a);
      return r.ok ? [] : r.problems;
    };
    expect(problems({ ...good, postalCode: '00000' })).toEqual([
      { field: 'postal_code', message: 'Invalid ZIP code' },
    ]);
    expect(problems({ ...good, country: '' })).toEqual([
      { field: 'country', message: 'Country is required' },
    ]);
    expect(problems({ ...good, country: 'CA' })).toEqual([
      { field: 'country', message: 'Only US addresses are supported at this time' },
    ]);
    expect(problems({}).map((p) => p.field)).toEqual(['line1', 'city', 'state', 'postal_code', 'country']);
  });
});

describe('test cards', () => {
  const card = (number: string) => ({ number, expMonth: 12, expYear: 2099, cvc: '123' });
  const now = Date.UTC(2026, 10, 24);
  it('pays with 4242, declines 0002, insufficient funds with 9995', () => {
    expect(cardOutcome(card('4242 4242 4242 4242'), now)).toMatchObject({
      ok: true,
      last4: '4242',
      requiresAction: false,
    });
    // Stripe's 3-D Secure test card: accepted, but only after the buyer authenticates
    expect(cardOutcome(card('4000 0027 6000 3184'), now)).toMatchObject({
      ok: true,
      last4: '3184',
      requiresAction: true,
    });
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
    const b = estimateOrderPrice(colourCounts([{ isDefault: true }, { isDefault: false }]));
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
  it('lets the address (and so the amount) change only on a pending order whose intent awaits payment', () => {
    const changeable = INTENT_STATUSES.filter((s) => addressChangeAllowed(order('pending'), s));
    expect(changeable).toEqual(['requires_payment_method', 'requires_confirmation', 'requires_action']);
    expect(addressChangeAllowed(order('granted'), 'requires_payment_method')).toBe(false);
  });
});

describe('a new order', () => {
  it('is pending, charges its price total, has received nothing and starts at version 1', () => {
    const breakdown = estimateOrderPrice(colourCounts([{ isDefault: false }, { isDefault: true }]));
    const order = pendingOrder(
      {
        _id: 'pi_1',
        userId: 'u1',
        canvasIndex: 1,
        boardIndex: 7,
        pixels: [{ x: 1, y: 2, color: '#112233', isDefault: false }],
        breakdown,
        currency: 'usd',
        description: '2 pixel(s) on board 7',
        billingAddress: null,
        clientSecret: 'pi_1_secret',
        idempotencyKey: 'u1:k',
        fencingToken: 42,
      },
      1_000,
    );
    expect(order).toMatchObject({
      amountCents: breakdown.totalCents,
      state: 'pending',
      receivedCents: 0,
      refundedCents: 0,
      grantedAt: 0,
      ledger: null,
      eventPublished: false,
      claimId: null,
      createdAt: 1_000,
      updatedAt: 1_000,
      version: 1,
    });
    expect(nextStep(order, 'succeeded', 1_000).kind).toBe('commit');
  });
});
