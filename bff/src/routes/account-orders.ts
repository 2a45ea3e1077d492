/**
 * `GET /api/account/orders?page=&limit=` (My pixels): the signed-in buyer's paid orders, newest first,
 * with the spec's pagination. Only ever the caller's own: the user id sent to the payment service is
 * the session's, never a request value. Signed out: 401 with the spec's error body.
 */
import type Router from '@koa/router';
import type { AccountOrdersResponse } from '@tessera/api/account';
import { MAX_PAGE, paginationJson } from '@tessera/facts/submissions';
import { MAX_ORDERS_PAGE_SIZE, ORDERS_PAGE_SIZE } from '@tessera/facts/purchases';
import { accountOrderJson } from '../account/orders-json.js';
import type { BffDeps } from '../deps.js';
import { authOf, requireAuth } from '../auth/middleware.js';
import { noStore } from '../http/no-store.js';
import { queryInt } from '../http/params.js';

export function accountOrderRoutes(router: Router, deps: BffDeps): void {
  router.get('/api/account/orders', requireAuth(deps), async (ctx) => {
    const { userId } = authOf(ctx);
    const page = queryInt(ctx.query.page, 'page', { min: 1, max: MAX_PAGE }, 1);
    const limit = queryInt(ctx.query.limit, 'limit', { min: 1, max: MAX_ORDERS_PAGE_SIZE }, ORDERS_PAGE_SIZE);
    const r = await deps.peers.payment.listOrdersForUser({ userId, page, limit });
    noStore(ctx);
    ctx.body = {
      success: true,
      data: r.orders.map(accountOrderJson),
      pagination: paginationJson(r),
    } satisfies AccountOrdersResponse;
  });
}
