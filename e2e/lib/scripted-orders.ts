// A scripted My pixels (GET /api/account/orders) for the browser tests on the static server: the
// signed-in USER's purchases, which the test may change between loads (the returned array).
import type { Page } from 'playwright-core';
import type { AccountOrder } from '@tessera/api/account';
import { USER, scriptAuthApi, seedUser } from './scripted-auth.js';
import { skipTutorial } from './canvas-page.js';

/** One paid order on the scripted active canvas (2), board 26: two pixels, one refunded order beside it. */
export const MY_ORDER: AccountOrder = {
  id: 'pi_e2e_order_1',
  canvasIndex: 2,
  boardIndex: 26,
  pixelCount: 2,
  pixels: [
    { x: 1, y: 1, color: '#36558F', isDefault: true },
    { x: 2, y: 1, color: '#E0115F', isDefault: false },
  ],
  subtotalCents: 300,
  serviceFeeCents: 39,
  taxCents: 24,
  totalCents: 363,
  currency: 'usd',
  createdAt: '2026-11-29T08:00:00.000Z',
  paidAt: '2026-11-29T08:00:05.000Z',
  status: 'paid',
  refundedCents: 0,
  refundReason: '',
};

export async function scriptMyPixels(
  page: Page,
  initial: AccountOrder[],
  opts: { guest?: boolean } = {},
): Promise<AccountOrder[]> {
  const orders = [...initial];
  await scriptAuthApi(page, {
    'GET /api/account/orders': () => ({
      status: 200,
      body: {
        success: true,
        data: orders,
        pagination: {
          currentPage: 1,
          totalPages: orders.length > 0 ? 1 : 0,
          totalCount: orders.length,
          hasNext: false,
          hasPrevious: false,
        },
      },
    }),
  });
  await skipTutorial(page);
  if (!opts.guest) await seedUser(page, USER);
  return orders;
}
