import { describe, expect, it } from 'vitest';
import { readOrdersPage } from './orders-api.js';
import { validateMyPixelsSearch } from './search.js';

const order = {
  id: 'pi_1',
  canvasIndex: 2,
  boardIndex: 26,
  pixelCount: 1,
  pixels: [{ x: 1, y: 1, color: '#36558F', isDefault: true }],
  subtotalCents: 100,
  serviceFeeCents: 33,
  taxCents: 8,
  totalCents: 141,
  currency: 'usd',
  createdAt: '2026-11-29T08:00:00.000Z',
  paidAt: null,
  status: 'refunded',
  refundedCents: 141,
  refundReason: 'pixels_sold_to_another_buyer',
};
const pagination = { currentPage: 1, totalPages: 1, totalCount: 1, hasNext: false, hasPrevious: false };

describe('My pixels answers', () => {
  it('reads a page of orders', () => {
    const page = readOrdersPage({ success: true, data: [order], pagination });
    expect(page.orders).toEqual([order]);
    expect(page.pagination).toEqual(pagination);
  });

  it('refuses an answer of another shape', () => {
    expect(() =>
      readOrdersPage({ success: true, data: [{ ...order, totalCents: '1.41' }], pagination }),
    ).toThrow();
    expect(() =>
      readOrdersPage({ success: true, data: [{ ...order, status: 'lost' }], pagination }),
    ).toThrow();
    expect(() => readOrdersPage({ success: true, data: [order] })).toThrow();
  });

  it('reads ?page= as a page from 2 on (anything else is the first)', () => {
    expect(validateMyPixelsSearch({ page: '3' })).toEqual({ page: 3 });
    expect(validateMyPixelsSearch({ page: 2 })).toEqual({ page: 2 });
    expect(validateMyPixelsSearch({ page: '1' })).toEqual({});
    expect(validateMyPixelsSearch({ page: '-2' })).toEqual({});
    expect(validateMyPixelsSearch({ page: 'x' })).toEqual({});
  });
});
