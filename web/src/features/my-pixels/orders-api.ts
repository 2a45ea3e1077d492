// GET /api/account/orders (My pixels): the signed-in buyer's paid orders, a page at a time. The
// answer is read strictly into facts' shapes: anything else is a load error, not a broken page.
import type { Pagination } from '@tessera/facts/submissions';
import { ORDER_STATUSES, type OrderPixelJson, type UserOrderJson } from '@tessera/facts/purchases';
import type { ApiClient } from '../../api/client.js';

export interface OrdersPage {
  orders: UserOrderJson[];
  pagination: Pagination;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isStr = (v: unknown): v is string => typeof v === 'string';

function readPixel(v: unknown): OrderPixelJson | null {
  if (!isObj(v) || !isInt(v.x) || !isInt(v.y) || !isStr(v.color) || typeof v.isDefault !== 'boolean')
    return null;
  return { x: v.x, y: v.y, color: v.color, isDefault: v.isDefault };
}

export function readOrder(v: unknown): UserOrderJson | null {
  if (!isObj(v) || !isStr(v.id) || !isInt(v.canvasIndex) || !isInt(v.boardIndex)) return null;
  const cents = ['subtotalCents', 'serviceFeeCents', 'taxCents', 'totalCents', 'refundedCents'] as const;
  if (!cents.every((k) => isInt(v[k]))) return null;
  if (!Array.isArray(v.pixels) || !isStr(v.createdAt) || !isStr(v.currency) || !isStr(v.refundReason))
    return null;
  if (!(ORDER_STATUSES as readonly unknown[]).includes(v.status)) return null;
  if (v.paidAt !== null && !isStr(v.paidAt)) return null;
  const pixels = v.pixels.map(readPixel);
  if (pixels.some((p) => p === null)) return null;
  return {
    id: v.id,
    canvasIndex: v.canvasIndex,
    boardIndex: v.boardIndex,
    pixelCount: pixels.length,
    pixels: pixels as OrderPixelJson[],
    subtotalCents: v.subtotalCents as number,
    serviceFeeCents: v.serviceFeeCents as number,
    taxCents: v.taxCents as number,
    totalCents: v.totalCents as number,
    currency: v.currency,
    createdAt: v.createdAt,
    paidAt: v.paidAt,
    status: v.status as UserOrderJson['status'],
    refundedCents: v.refundedCents as number,
    refundReason: v.refundReason,
  };
}

export function readOrdersPage(body: unknown): OrdersPage {
  if (!isObj(body) || !Array.isArray(body.data) || !isObj(body.pagination))
    throw new Error('The purchases could not be read.');
  const orders = body.data.map(readOrder);
  const p = body.pagination;
  if (orders.some((o) => o === null) || !isInt(p.currentPage) || !isInt(p.totalPages) || !isInt(p.totalCount))
    throw new Error('The purchases could not be read.');
  return {
    orders: orders as UserOrderJson[],
    pagination: {
      currentPage: p.currentPage,
      totalPages: p.totalPages,
      totalCount: p.totalCount,
      hasNext: p.hasNext === true,
      hasPrevious: p.hasPrevious === true,
    },
  };
}

export async function fetchOrders(api: ApiClient, page: number, signal?: AbortSignal): Promise<OrdersPage> {
  return readOrdersPage(await api.get<unknown>('/account/orders', { query: { page }, signal }));
}
