import { describe, expect, it } from 'vitest';
import { buyerStatus, readOrdersPage } from './buyer-orders.js';

describe('buyer orders', () => {
  it('says paid, refunded (also while the refund runs) or partially refunded', () => {
    expect(buyerStatus({ state: 'granted', amountCents: 500, refundedCents: 0 })).toBe('paid');
    expect(buyerStatus({ state: 'refunded', amountCents: 500, refundedCents: 500 })).toBe('refunded');
    expect(buyerStatus({ state: 'refunding', amountCents: 500, refundedCents: 0 })).toBe('refunded');
    expect(buyerStatus({ state: 'granted', amountCents: 500, refundedCents: 120 })).toBe(
      'partially_refunded',
    );
  });

  it('reads the page: 0 means the first page and the default size; out of range is a problem', () => {
    expect(readOrdersPage(0, 0)).toEqual({ page: 1, limit: 10, problem: null });
    expect(readOrdersPage(3, 50)).toEqual({ page: 3, limit: 50, problem: null });
    expect(readOrdersPage(-2, 5).problem?.field).toBe('page');
    expect(readOrdersPage(1, 51).problem?.field).toBe('limit');
    expect(readOrdersPage(100_001, 5).problem?.field).toBe('page');
  });
});
