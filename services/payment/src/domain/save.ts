/**
 * The buyer's save (`batch-reset` / `batch-update` with `purchaseInfo`): every pixel saved must
 * belong to the paid order, on the order's board, with the order's kind (artist colour for a reset,
 * custom for an update) and, for a custom colour, the colour paid for. Pure.
 */
import { isPixelCoordinate, pixelOffset } from '@tessera/facts/grid';
import type { Order, OrderPixel } from './order.js';

export interface SaveProblem {
  message: string;
  /** The request field the BFF names in its error body. */
  field: string;
}

/** The first reason the save may not name this order, or null when every pixel is the order's. */
export function saveProblem(
  order: Pick<Order, 'canvasIndex' | 'boardIndex' | 'pixels'>,
  canvasIndex: number,
  boardIndex: number,
  saved: readonly OrderPixel[],
): SaveProblem | null {
  if (order.canvasIndex !== canvasIndex || order.boardIndex !== boardIndex)
    return { message: 'This payment is for another board', field: 'purchaseInfo.payment_intent_id' };
  const inOrder = new Map(order.pixels.map((p) => [pixelOffset(p.x, p.y), p]));
  for (const p of saved) {
    // a pixel off the board cannot be one of the order's
    const o =
      isPixelCoordinate(p.x) && isPixelCoordinate(p.y) ? inOrder.get(pixelOffset(p.x, p.y)) : undefined;
    if (!o || o.isDefault !== p.isDefault)
      return { message: `Pixel (${p.x}, ${p.y}) is not part of this payment`, field: 'pixels' };
    if (!p.isDefault && o.color.toUpperCase() !== p.color.toUpperCase())
      return { message: `Pixel (${p.x}, ${p.y}) was paid for in another colour`, field: 'pixels' };
  }
  return null;
}
