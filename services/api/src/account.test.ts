import { describe, expect, it } from 'vitest';
import { AccountOrdersResponse, AccountResponse } from './account.js';

describe('the account bodies', () => {
  it('accepts the account and refuses a privacy choice that is not a boolean', () => {
    const data = { username: 'ada', email: 'ada@example.com', show_username_on_pixels: true };
    expect(AccountResponse.parse({ success: true, data })).toEqual({ success: true, data });
    expect(
      AccountResponse.safeParse({ success: true, data: { ...data, show_username_on_pixels: 'yes' } }).success,
    ).toBe(false);
  });

  it('accepts a page of orders and refuses an unknown status or fractional cents', () => {
    const order = {
      id: 'pi_1',
      canvasIndex: 0,
      boardIndex: 3,
      pixelCount: 1,
      pixels: [{ x: 1, y: 2, color: '#ABCDEF', isDefault: false }],
      subtotalCents: 200,
      serviceFeeCents: 36,
      taxCents: 16,
      totalCents: 252,
      currency: 'usd',
      createdAt: '2026-11-29T08:00:00.000Z',
      paidAt: null,
      status: 'refunded',
      refundedCents: 252,
      refundReason: 'pixels_sold',
    };
    const pagination = { currentPage: 1, totalPages: 1, totalCount: 1, hasNext: false, hasPrevious: false };
    const body = { success: true, data: [order], pagination };
    expect(AccountOrdersResponse.parse(body)).toEqual(body);
    const drifted = (o: object) =>
      AccountOrdersResponse.safeParse({ ...body, data: [{ ...order, ...o }] }).success;
    expect(drifted({ status: 'pending' })).toBe(false);
    expect(drifted({ totalCents: 2.52 })).toBe(false);
  });
});
