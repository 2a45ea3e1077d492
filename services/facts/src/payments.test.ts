import { describe, expect, it } from 'vitest';
import {
  AWAITING_PAYMENT,
  INTENT_STATUSES,
  intentVerdict,
  isAwaitingPayment,
  isConfirmedStatus,
  isIntentStatus,
  isPublishableKey,
  orderRefundedMessage,
  REFUND_REASONS,
  PAYMENT_REQUIRED_MESSAGE,
  purchaseType,
} from './payments.js';

describe('payment intent statuses', () => {
  it('knows Stripe statuses only', () => {
    for (const s of INTENT_STATUSES) expect(isIntentStatus(s)).toBe(true);
    for (const s of ['created', 'failed', '', 'SUCCEEDED', 'requires_source'])
      expect(isIntentStatus(s)).toBe(false);
  });

  it('awaits payment while the payment method, confirmation or an action is missing', () => {
    expect(AWAITING_PAYMENT.every(isIntentStatus)).toBe(true);
    expect(INTENT_STATUSES.filter(isAwaitingPayment)).toEqual([
      'requires_payment_method',
      'requires_confirmation',
      'requires_action',
    ]);
    expect(isAwaitingPayment('created')).toBe(false);
  });

  it('goes on to verification after a confirmation that paid or is paying', () => {
    expect(INTENT_STATUSES.filter(isConfirmedStatus)).toEqual([
      'processing',
      'requires_capture',
      'succeeded',
    ]);
    expect(isConfirmedStatus('failed')).toBe(false);
  });

  it('verifies: succeeded ends, a decline, failed or canceled fails, the rest polls again', () => {
    expect(intentVerdict('succeeded')).toBe('succeeded');
    for (const s of ['requires_payment_method', 'failed', 'canceled'])
      expect(intentVerdict(s)).toBe('failed');
    for (const s of [
      'created',
      'processing',
      'requires_action',
      'requires_confirmation',
      'requires_capture',
      '',
    ])
      expect(intentVerdict(s)).toBe('pending');
  });
});

describe('saves and configuration', () => {
  it('names the purchase type by the colour', () => {
    expect(purchaseType(true)).toBe('default');
    expect(purchaseType(false)).toBe('custom');
  });

  it('recognises a publishable key by its prefix', () => {
    expect(isPublishableKey('pk_test_123')).toBe(true);
    expect(isPublishableKey('pk_live_123')).toBe(true);
    for (const k of ['sk_test_123', 'PK_test', '', 'xpk_1']) expect(isPublishableKey(k)).toBe(false);
  });

  it('words the missing payment as the spec does', () => {
    expect(PAYMENT_REQUIRED_MESSAGE).toBe(
      "This action includes acquiring new pixels and requires a payment. Please use the 'Purchase' button in the header.",
    );
  });
});

describe('the refund of an order the canvas refused', () => {
  it("names the amount and the reason in the buyer's words", () => {
    expect(orderRefundedMessage(REFUND_REASONS.pixelsSold, 474)).toBe(
      'Some of these pixels were sold to another buyer before your payment completed. Your payment of $4.74 has been refunded in full.',
    );
    const lost = orderRefundedMessage(REFUND_REASONS.boardLockLost, 133);
    expect(lost).toMatch(/^Your lock on this board ended before your payment went through/);
    expect(lost).toMatch(/Your payment of \$1\.33 has been refunded in full\.$/);
  });
});
