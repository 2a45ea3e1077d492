import { describe, expect, it } from 'vitest';
import { AccountOrder } from '@tessera/api/account';
import { REFUND_REASONS } from '@tessera/facts/payments';
import { accountOrderJson } from './orders-json.js';

describe('accountOrderJson', () => {
  it('maps the contract to JSON: ISO dates, no paid date before a grant, the pixel count', () => {
    const json = accountOrderJson({
      id: 'pi_1',
      canvasIndex: 2,
      boardIndex: 3,
      pixels: [{ x: 1, y: 2, color: '#ABCDEF', isDefault: false }],
      subtotalCents: 200,
      serviceFeeCents: 36,
      taxCents: 16,
      totalCents: 252,
      currency: 'usd',
      createdAtMs: Date.UTC(2026, 10, 29, 8),
      paidAtMs: 0,
      status: 'refunded',
      refundedCents: 252,
      refundReason: REFUND_REASONS.pixelsSold,
    });
    expect(json).toMatchObject({
      pixelCount: 1,
      createdAt: '2026-11-29T08:00:00.000Z',
      paidAt: null,
      status: 'refunded',
      pixels: [{ x: 1, y: 2, color: '#ABCDEF', isDefault: false }],
    });
    expect(AccountOrder.parse(json)).toEqual(json);
  });

  it('derives a status the payment service did not name', () => {
    const base = {
      id: 'pi_2',
      canvasIndex: 0,
      boardIndex: 0,
      pixels: [],
      subtotalCents: 100,
      serviceFeeCents: 0,
      taxCents: 0,
      totalCents: 100,
      currency: 'usd',
      createdAtMs: Date.UTC(2026, 10, 29, 8),
      paidAtMs: Date.UTC(2026, 10, 29, 9),
      refundReason: '',
    };
    expect(accountOrderJson({ ...base, status: '', refundedCents: 40 }).status).toBe('partially_refunded');
    expect(accountOrderJson({ ...base, status: 'bogus', refundedCents: 0 }).status).toBe('paid');
  });
});
