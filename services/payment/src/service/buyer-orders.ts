/**
 * ListOrdersForUser (My pixels): a page of the caller's own paid orders, newest first. Only the
 * orders whose `userId` is the caller's are read: the store query filters on it.
 */
import { create } from '@bufbuild/protobuf';
import { refuseInput } from '@tessera/kit';
import { pageOf } from '@tessera/facts/submissions';
import {
  ListOrdersForUserResponseSchema,
  UserOrderSchema,
  type ListOrdersForUserRequest,
  type ListOrdersForUserResponse,
  type UserOrder,
} from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import { buyerStatus, readOrdersPage } from '../domain/buyer-orders.js';
import type { Order } from '../domain/order.js';
import type { PaymentDeps } from './deps.js';
import { checkUser } from './validate.js';

export async function listOrdersForUser(
  deps: Pick<PaymentDeps, 'repo'>,
  req: Pick<ListOrdersForUserRequest, 'userId' | 'page' | 'limit'>,
): Promise<ListOrdersForUserResponse> {
  checkUser(req.userId);
  const read = readOrdersPage(req.page, req.limit);
  refuseInput(read.problem);
  const first = pageOf(0, read.page, read.limit);
  const { orders, total } = await deps.repo.ofBuyer(req.userId, first.skip, read.limit);
  const page = pageOf(total, read.page, read.limit);
  return create(ListOrdersForUserResponseSchema, {
    orders: orders.map(userOrderMessage),
    currentPage: page.currentPage,
    totalPages: page.totalPages,
    totalCount: page.totalCount,
    hasNext: page.hasNext,
    hasPrevious: page.hasPrevious,
  });
}

/** An order as its buyer sees it. */
export function userOrderMessage(order: Order): UserOrder {
  const b = order.breakdown;
  return create(UserOrderSchema, {
    id: order._id,
    canvasIndex: order.canvasIndex,
    boardIndex: order.boardIndex,
    pixels: order.pixels.map(({ x, y, color, isDefault }) => ({ x, y, color, isDefault })),
    subtotalCents: b.subtotalCents,
    serviceFeeCents: b.serviceFeeCents,
    taxCents: b.taxAmountCents,
    totalCents: order.amountCents,
    currency: order.currency,
    createdAtMs: order.createdAt,
    paidAtMs: order.grantedAt,
    status: buyerStatus(order),
    refundedCents: order.refundedCents,
    refundReason: order.refundReason,
  });
}
