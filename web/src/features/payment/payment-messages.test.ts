import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.js';
import { orderRefundedMessage, REFUND_REASONS } from '@tessera/facts/payments';
import { retryDecision } from './save-flow.js';
import {
  PaymentFlowError,
  addressUpdateMessage,
  purchaseErrorMessage,
  saveErrorMessage,
} from './payment-messages.js';

const amounts = { paidCents: 474, expectedCents: 442 };
const apiError = (status: number, code: string, message: string) => new ApiError({ status, code, message });

describe('address update errors', () => {
  it('maps each code of spec section 8', () => {
    expect(addressUpdateMessage('payment_intent_not_found', 'x')).toBe(
      'Payment session not found. Please try again.',
    );
    expect(addressUpdateMessage('unauthorized_payment_intent_access', null)).toBe(
      'Unauthorized access to payment. Please create a new payment session.',
    );
    expect(addressUpdateMessage('invalid_billing_address', null)).toBe(
      'Invalid billing address. Please check and try again.',
    );
    expect(addressUpdateMessage('tax_calculation_failed', null)).toBe(
      'Unable to calculate tax. Please try again.',
    );
    expect(addressUpdateMessage('concurrent_update_detected', null)).toBe(
      'Payment is being updated. Please wait and try again.',
    );
    expect(addressUpdateMessage('INVALID_PAYMENT_INTENT_STATE', null)).toBe(
      'Payment already processed. Please create a new payment session.',
    );
  });

  it('falls back to the server message, then the generic text', () => {
    expect(addressUpdateMessage('other', 'Address service down')).toBe('Address service down');
    expect(addressUpdateMessage(null, null)).toBe('Failed to update payment with address.');
  });
});

describe('purchase errors', () => {
  it('AMOUNT_MISMATCH names both amounts in dollars and asks to contact support', () => {
    const m = purchaseErrorMessage(apiError(400, 'AMOUNT_MISMATCH', 'no'), amounts);
    expect(m).toContain('$4.74');
    expect(m).toContain('$4.42');
    expect(m).toContain('contact support');
  });

  it('INVALID_PRICING, purchase_price not allowed, other 400 and 403', () => {
    expect(purchaseErrorMessage(apiError(400, 'INVALID_PRICING', 'tax too high'), amounts)).toBe(
      'Price validation failed: tax too high. Please try your purchase again.',
    );
    expect(
      purchaseErrorMessage(apiError(400, 'VALIDATION_ERROR', '"purchase_price" is not allowed'), amounts),
    ).toBe(
      'Payment processing error. Please refresh the page and try again. If the problem persists, please contact support.',
    );
    expect(purchaseErrorMessage(apiError(400, 'BAD_REQUEST', 'pixels must be a list'), amounts)).toBe(
      'pixels must be a list',
    );
    expect(purchaseErrorMessage(apiError(400, 'BAD_REQUEST', ' '), amounts)).toBe(
      'Invalid request. Please try again.',
    );
    expect(purchaseErrorMessage(apiError(403, 'FORBIDDEN', 'x'), amounts)).toBe(
      "Payment ownership verification failed. This payment doesn't belong to your account. Please contact support.",
    );
    expect(purchaseErrorMessage(apiError(500, 'INTERNAL_SERVER_ERROR', 'x'), amounts)).toBeNull();
    expect(purchaseErrorMessage(new Error('x'), amounts)).toBeNull();
  });
});

describe('save error mapping', () => {
  it.each([
    [new Error('Authentication failed'), 'Session expired - please refresh the page and log in again'],
    [new Error('Please log in'), 'Session expired - please refresh the page and log in again'],
    [new Error('canvas data stale'), 'Canvas data issue - please refresh the page and try again'],
    [
      new PaymentFlowError('Payment verification failed'),
      'Payment verification failed. Please contact support if your payment was charged.',
    ],
    [new Error('database rejected canvas index 7'), 'Canvas configuration error - please refresh the page'],
    [
      new Error('Payment tracking failed'),
      'Payment was successful but tracking failed. Please contact support.',
    ],
    [new Error('Failed to fetch'), 'Network error - please check your connection and try again'],
    [new Error('Board is sold out'), 'Save failed: Board is sold out'],
    [new Error(''), 'Payment successful but there was an error saving. Please contact support.'],
  ])('maps by what the message is about: %s', (error, message) => {
    expect(saveErrorMessage(error)).toBe(message);
  });

  it("a save refused and refunded says so in the buyer's words, and is not retried", () => {
    const told = orderRefundedMessage(REFUND_REASONS.boardLockLost, 363);
    const refunded = new ApiError({
      status: 409,
      code: 'ORDER_REFUNDED',
      message: told,
      body: { refundedAmount: 363 },
    });
    expect(saveErrorMessage(refunded)).toBe(told);
    expect(saveErrorMessage(refunded)).toMatch(/refunded in full/);
    const bare = new ApiError({
      status: 409,
      code: 'ORDER_REFUNDED',
      message: '',
      body: { refundedAmount: 363 },
    });
    expect(saveErrorMessage(bare)).toBe(
      'These pixels could not be saved, so your payment of $3.63 has been refunded in full.',
    );
    expect(retryDecision(refunded, 1)).toBe('none');
  });

  it('network and timeout errors of the client map to the network text', () => {
    const network = new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'x' });
    const timeout = new ApiError({ status: 0, code: 'TIMEOUT', message: 'Request timeout after 30000ms' });
    expect(saveErrorMessage(network)).toBe('Network error - please check your connection and try again');
    expect(saveErrorMessage(timeout)).toBe('Network error - please check your connection and try again');
    expect(saveErrorMessage(apiError(500, 'INTERNAL_SERVER_ERROR', 'x'))).toBe('Save failed: x');
  });

  it('shows purchase errors verbatim', () => {
    const e = new PaymentFlowError('Price validation failed: x. Please try your purchase again.', {
      verbatim: true,
    });
    expect(saveErrorMessage(e)).toBe(e.message);
  });
});
