import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.js';
import { PaymentFlowError, paymentErrorMessage } from './payment-messages.js';
import { estimateBreakdown } from './pricing.js';
import { confirmationStatusError } from './use-checkout.js';
import { intentMetadata } from './use-payment-setup.js';
import { addressUpdateError, wantsTax } from './use-tax-update.js';
import { ALBANY_ADDRESS } from './address.fixture.js';

const VALID = ALBANY_ADDRESS;

describe('tax update rule', () => {
  it('asks for tax only for a complete, valid address that has no tax yet', () => {
    expect(wantsTax(VALID, null)).toBe(true);
    expect(wantsTax({ ...VALID, city: '' }, null)).toBe(false);
    expect(wantsTax({ ...VALID, postal_code: '00000' }, null)).toBe(false);
    expect(
      wantsTax({ ...VALID, state: 'ny' }, '1 Main St\u0000\u0000Albany\u0000NY\u000012207\u0000US'),
    ).toBe(false);
    expect(
      wantsTax({ ...VALID, line2: 'Fl 2' }, '1 Main St\u0000\u0000Albany\u0000NY\u000012207\u0000US'),
    ).toBe(true);
  });

  it('maps address update failures by code', () => {
    const e = new ApiError({ status: 400, code: 'tax_calculation_failed', message: 'x' });
    expect(addressUpdateError(e)).toBe('Unable to calculate tax. Please try again.');
    expect(
      addressUpdateError(
        new ApiError({ status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Tax service down' }),
      ),
    ).toBe('Tax service down');
    expect(addressUpdateError(new Error('?'))).toBe('Failed to update payment with address.');
    expect(addressUpdateError(new PaymentFlowError('Invalid response from address update endpoint'))).toBe(
      'Invalid response from address update endpoint',
    );
  });
});

describe('payment confirmation', () => {
  it('goes on only for succeeded or processing intents', () => {
    expect(confirmationStatusError('succeeded')).toBeNull();
    expect(confirmationStatusError('processing')).toBeNull();
    expect(confirmationStatusError('requires_capture')).toBeNull();
    expect(confirmationStatusError('requires_action')?.message).toBe(
      'Payment not successful. Status: requires_action',
    );
  });

  it("shows the provider's message, else the generic one", () => {
    expect(
      paymentErrorMessage(
        new ApiError({ status: 402, code: 'card_declined', message: 'Your card was declined.' }),
      ),
    ).toBe('Your card was declined.');
    expect(paymentErrorMessage(new Error('boom'))).toBe('An unexpected error occurred during payment.');
    expect(paymentErrorMessage(new PaymentFlowError('Apple Pay payment failed'), 'x')).toBe(
      'Apple Pay payment failed',
    );
    expect(paymentErrorMessage(new ApiError({ status: 500, code: 'X', message: ' ' }), 'fallback')).toBe(
      'fallback',
    );
  });
});

describe('intent metadata', () => {
  it('carries the counts, amounts and the board position as "row,col"', () => {
    const purchase = {
      canvasIndex: 2,
      boardIndex: 26,
      pixels: [
        { x: 1, y: 1, color: '#fff', isDefault: true },
        { x: 2, y: 1, color: '#000', isDefault: false },
      ],
    };
    const now = new Date('2026-11-24T00:00:00.000Z');
    expect(intentMetadata(purchase, estimateBreakdown(1, 1), 'u1', now)).toEqual({
      userId: 'u1',
      pixelCount: 2,
      customColorCount: 1,
      artistColorCount: 1,
      subtotalCents: 300,
      serviceFeePercent: 3,
      serviceFeeCents: 39,
      billingState: '',
      billingPostalCode: '',
      createdAt: '2026-11-24T00:00:00.000Z',
      canvasId: 2,
      artboardId: 26,
      position: '1,1',
      timestamp: now.getTime(),
    });
  });
});
