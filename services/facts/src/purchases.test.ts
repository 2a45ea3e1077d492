import { describe, expect, it } from 'vitest';
import { REFUND_REASONS } from './payments.js';
import { orderStatus, orderStatusText, refundReasonText } from './purchases.js';

describe('purchases', () => {
  it('derives the status from what was paid and refunded', () => {
    expect(orderStatus(500, 0)).toBe('paid');
    expect(orderStatus(500, 500)).toBe('refunded');
    expect(orderStatus(500, 499)).toBe('partially_refunded');
  });

  it("says the status and the refund's reason in the buyer's words", () => {
    expect(orderStatusText({ status: 'paid', refundedCents: 0 })).toBe('Paid');
    expect(orderStatusText({ status: 'refunded', refundedCents: 1029 })).toBe('Refunded in full ($10.29)');
    expect(orderStatusText({ status: 'partially_refunded', refundedCents: 250 })).toBe(
      'Partly refunded ($2.50 back)',
    );
    expect(refundReasonText(REFUND_REASONS.pixelsSold)).toMatch(/sold to another buyer/);
    expect(refundReasonText(REFUND_REASONS.boardLockLost)).toMatch(/lock on the board ended/);
  });
});
