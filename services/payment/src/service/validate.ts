/**
 * Checks of RPC inputs (bad input is INVALID_ARGUMENT with the field, never a crash): the shared rules
 * of @tessera/facts (inputs, orders) turned into this service's errors.
 */
import { appError, refuseInput } from '@tessera/kit';
import { boardIndexProblem, canvasIndexProblem, orderIdProblem, userIdProblem } from '@tessera/facts/inputs';
import { readOrderPixels, type RequestedPixel } from '@tessera/facts/orders';
import type { OrderPixel } from '../domain/order.js';

/** An order id (the provider's payment intent id) in `field`. */
export function checkId(value: string, field: string): void {
  refuseInput(orderIdProblem(value, field));
}

/** The caller: none is a request without a signed-in user. */
export function checkUser(userId: string): void {
  if (userId === '') throw appError('UNAUTHORIZED', 'Authentication required');
  refuseInput(userIdProblem(userId));
}

export function checkPlace(canvasIndex: number, boardIndex: number): void {
  refuseInput(canvasIndexProblem(canvasIndex) ?? boardIndexProblem(boardIndex));
}

/** The requested pixels by the order rules of @tessera/facts/orders, in the order's stored form. */
export function checkPixels(pixels: readonly RequestedPixel[]): OrderPixel[] {
  const read = readOrderPixels(pixels);
  refuseInput(read.problem);
  return read.pixels.map(({ x, y, color, isDefault }) => ({ x, y, color, isDefault }));
}
