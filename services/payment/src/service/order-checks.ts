/**
 * The checks an order passes before any call to the payment provider (invariant 8: a refused order
 * costs no provider call): the user's open orders under facts' INTENT_LIMITS, and the canvas's own
 * reservation checks run without writing (ReservePixels with `check_only`): the buyer holds the
 * board's lock (with the order's fencing token once there is an order), no pixel is sold, none is
 * held by another order (the caller's own open orders too).
 */
import { INTENT_LIMITS, TOO_MANY_OPEN_INTENTS_MESSAGE } from '@tessera/facts/payments';
import { appError, hasAppCode } from '@tessera/kit';
import type { OrderPixel } from '../domain/order.js';
import type { PaymentDeps } from './deps.js';

/** The spec's words for an editing lock the buyer no longer holds (spec section 5, "Editing needs a valid lock"). */
export const LOCK_LOST =
  'Your editing lock is no longer valid. Please re-lock the board to continue editing.';

export interface OrderPlace {
  /** '' before the order exists. */
  orderId: string;
  userId: string;
  canvasIndex: number;
  boardIndex: number;
  /** The order's fencing token; 0 before the order exists (the buyer's live lock, whatever its token). */
  fencingToken: number;
  pixels: readonly OrderPixel[];
}

/** Refuses the order as the canvas would refuse its reservation (nothing is written). */
export async function checkOnCanvas(deps: PaymentDeps, place: OrderPlace): Promise<void> {
  try {
    await deps.canvas.reservePixels({
      ...place,
      pixels: place.pixels.map((p) => ({
        x: p.x,
        y: p.y,
        color: p.isDefault ? '' : p.color,
        isDefault: p.isDefault,
      })),
      checkOnly: true,
    });
  } catch (err) {
    // the buyer does not hold the board's lock (or not the lock this order was made under)
    if (hasAppCode(err, 'LOCK_CONFLICT'))
      throw appError('LOCK_CONFLICT', LOCK_LOST, { field: 'board_index', cause: err });
    throw err;
  }
}

/** 429 while the user already has INTENT_LIMITS.maxOpen unpaid orders holding pixels. */
export async function checkOpenOrders(deps: PaymentDeps, userId: string): Promise<void> {
  const heldMs = (deps.reservationTtlS ?? 30 * 60) * 1000;
  const open = await deps.repo.openCount(userId, deps.now() - heldMs);
  if (open >= INTENT_LIMITS.maxOpen)
    throw appError('TOO_MANY_REQUESTS', TOO_MANY_OPEN_INTENTS_MESSAGE, { field: 'payment_intent' });
}
