// GET /api/account/orders (My pixels): the signed-in buyer's paid orders, a page at a time. The
// answer (`@tessera/api/account`) is read strictly: anything else is a load error, not a broken page.
import type { AccountOrder, AccountOrdersResponse, OrderPixel, Pagination } from '@tessera/api/account';
import { ORDER_STATUSES } from '@tessera/facts/purchases';
import type { ApiClient } from '../../api/client.js';
import { fieldsOf } from '../../lib/json.js';

export interface OrdersPage {
  orders: AccountOrder[];
  pagination: Pagination;
}

const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isStr = (v: unknown): v is string => typeof v === 'string';

function readPixel(raw: unknown): OrderPixel | null {
  const v = fieldsOf<OrderPixel>(raw);
  if (!v || !isInt(v.x) || !isInt(v.y) || !isStr(v.color) || typeof v.isDefault !== 'boolean') return null;
  return { x: v.x, y: v.y, color: v.color, isDefault: v.isDefault };
}

const CENTS = ['subtotalCents', 'serviceFeeCents', 'taxCents', 'totalCents', 'refundedCents'] as const;

export function readOrder(raw: unknown): AccountOrder | null {
  const v = fieldsOf<AccountOrder>(raw);
  if (!v || !isStr(v.id) || !isInt(v.canvasIndex) || !isInt(v.boardIndex)) return null;
  if (!CENTS.every((k) => isInt(v[k]))) return null;
  if (!Array.isArray(v.pixels) || !isStr(v.createdAt) || !isStr(v.currency) || !isStr(v.refundReason))
    return null;
  if (!(ORDER_STATUSES as readonly unknown[]).includes(v.status)) return null;
  if (v.paidAt !== null && !isStr(v.paidAt)) return null;
  const pixels = (v.pixels as unknown[]).map(readPixel);
  if (pixels.some((p) => p === null)) return null;
  return {
    id: v.id,
    canvasIndex: v.canvasIndex,
    boardIndex: v.boardIndex,
    pixelCount: pixels.length,
    pixels: pixels as OrderPixel[],
    subtotalCents: v.subtotalCents as number,
    serviceFeeCents: v.serviceFeeCents as number,
    taxCents: v.taxCents as number,
    totalCents: v.totalCents as number,
    currency: v.currency,
    createdAt: v.createdAt,
    paidAt: v.paidAt,
    status: v.status as AccountOrder['status'],
    refundedCents: v.refundedCents as number,
    refundReason: v.refundReason,
  };
}

export function readOrdersPage(raw: unknown): OrdersPage {
  const body = fieldsOf<AccountOrdersResponse>(raw);
  const p = fieldsOf<Pagination>(body?.pagination);
  if (!body || !Array.isArray(body.data) || !p) throw new Error('The purchases could not be read.');
  const orders = (body.data as unknown[]).map(readOrder);
  if (orders.some((o) => o === null) || !isInt(p.currentPage) || !isInt(p.totalPages) || !isInt(p.totalCount))
    throw new Error('The purchases could not be read.');
  return {
    orders: orders as AccountOrder[],
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
