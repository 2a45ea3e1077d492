/**
 * Checks of RPC inputs (bad input is INVALID_ARGUMENT with the field, never a crash): the shared rules
 * of @tessera/facts (inputs, orders) turned into this service's errors.
 */
import { appError } from '@tessera/kit';
import { boardIndexProblem, canvasIndexProblem, orderIdProblem, userIdProblem } from '@tessera/facts/inputs';
import type { InputProblem } from '@tessera/facts/inputs';
import { readOrderPixels, type RequestedPixel } from '@tessera/facts/orders';
import type { OrderPixel } from '../domain/order.js';

/** Throws a refused argument as INVALID_ARGUMENT naming its field (MISSING_FIELD when it was empty). */
function refuse(p: InputProblem | null): asserts p is null {
  if (p) throw appError(p.missing ? 'MISSING_FIELD' : 'VALIDATION_ERROR', p.message, { field: p.field });
}

/** An order id (the provider's payment intent id) in `field`. */
export function checkId(value: string, field: string): void {
  refuse(orderIdProblem(value, field));
}

/** The caller: none is a request without a signed-in user. */
export function checkUser(userId: string): void {
  if (userId === '') throw appError('UNAUTHORIZED', 'Authentication required');
  refuse(userIdProblem(userId));
}

export function checkPlace(canvasIndex: number, boardIndex: number): void {
  refuse(canvasIndexProblem(canvasIndex) ?? boardIndexProblem(boardIndex));
}

/** The requested pixels by the order rules of @tessera/facts/orders, in the order's stored form. */
export function checkPixels(pixels: readonly RequestedPixel[]): OrderPixel[] {
  const read = readOrderPixels(pixels);
  refuse(read.problem);
  return read.pixels.map(({ x, y, color, isDefault }) => ({ x, y, color, isDefault }));
}
