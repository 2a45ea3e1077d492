// The fault suite's checker catches each broken invariant on its own: a paid order left unsettled,
// a double sale, a grant the board does not show, a pixel owned without an order, a partial refund, a
// grant without payment, and a ledger off by a cent or by an order.
import { describe, expect, it } from 'vitest';
import { checkOutcome, type SettledIntent } from './verify.js';

const intent = (id: string, over: Partial<SettledIntent> = {}): SettledIntent => ({
  id,
  userId: 'u1',
  board: 7,
  pixels: [{ x: 1, y: 0 }],
  amountCents: 131,
  status: 'succeeded',
  orderState: 'committed',
  refundedCents: 0,
  ...over,
});
const owners = (entries: [number, string, string][]) => {
  const m = new Map<number, Map<string, string>>();
  for (const [board, xy, user] of entries) m.set(board, (m.get(board) ?? new Map()).set(xy, user));
  return m;
};

describe('checkOutcome', () => {
  const granted = intent('a');
  const refunded = intent('b', { orderState: 'refunded', refundedCents: 131 });
  const unpaid = intent('c', { status: 'requires_payment_method', orderState: 'pending' });
  const board = owners([[7, '1,0', 'u1']]);

  it('passes a run where every paid order is granted once or refunded and the ledger agrees', () => {
    const out = checkOutcome([granted, refunded, unpaid], board, { orderCount: 1, receivedCents: 131 });
    expect(out.violations).toEqual([]);
    expect(out).toMatchObject({ orders: 3, paid: 2, granted: 1, refunded: 1, unpaid: 1 });
  });

  it('finds a paid order neither granted nor refunded (lost)', () => {
    const lost = intent('d', { orderState: 'pending', pixels: [{ x: 2, y: 0 }] });
    const out = checkOutcome([granted, lost], board, { orderCount: 1, receivedCents: 262 });
    expect(out.violations.join('\n')).toMatch(/lost: paid order d is pending/);
  });

  it('finds a pixel granted to two orders', () => {
    const twice = intent('e');
    const out = checkOutcome([granted, twice], board, { orderCount: 2, receivedCents: 262 });
    expect(out.violations.join('\n')).toMatch(/double sale: pixel 7:1,0 granted to a and e/);
  });

  it('finds a grant the board does not show, and an owned pixel without a granted order', () => {
    expect(
      checkOutcome([granted], owners([]), { orderCount: 1, receivedCents: 131 }).violations.join('\n'),
    ).toMatch(/order a is granted but pixel 7:1,0 belongs to nobody/);
    expect(
      checkOutcome([refunded], board, { orderCount: 0, receivedCents: 0 }).violations.join('\n'),
    ).toMatch(/pixel 7:1,0 belongs to u1 without a granted order/);
  });

  it('finds a partial refund and a grant without payment', () => {
    const partial = intent('f', { orderState: 'refunded', refundedCents: 100 });
    const free = intent('g', { status: 'requires_payment_method', pixels: [{ x: 3, y: 0 }] });
    const out = checkOutcome([partial, free], owners([[7, '3,0', 'u1']]), {
      orderCount: 1,
      receivedCents: 31,
    });
    const text = out.violations.join('\n');
    expect(text).toMatch(/order f refunded 100 of 131 cents/);
    expect(text).toMatch(/order g is granted but its payment is requires_payment_method/);
  });

  it('finds a ledger off by one cent or by one order', () => {
    const cent = checkOutcome([granted, refunded], board, { orderCount: 1, receivedCents: 130 });
    expect(cent.violations).toEqual(['ledger received 130 cents; paid 262 - refunded 131 = 131']);
    const twice = checkOutcome([granted, refunded], board, { orderCount: 2, receivedCents: 131 });
    expect(twice.violations).toEqual(['ledger counts 2 orders, 1 were granted']);
  });
});
