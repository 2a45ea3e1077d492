/**
 * The save flow's purchase path (spec section 7): `POST /api/pixels/canvas/{c}/board/{b}/batch-reset`
 * (artist colour, `pixels [{x, y}]`) and `.../batch-update` (custom colour, `pixels [{x, y, color}]`),
 * each with `purchaseInfo {payment_intent_id, purchase_timestamp, purchase_type}`. A pixel that is not
 * owned is only ever granted through a paid order: the call names the buyer's intent, and one
 * CommitOrder call to the payment service checks that every pixel belongs to it (on this board, in
 * the colour paid for) and commits the whole order exactly once (the second batch of the same order
 * finds it granted). Without purchaseInfo nothing is changed.
 */
import { ConnectError } from '@connectrpc/connect';
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { BffDeps } from '../deps.js';
import { authOf, requireAuth } from '../auth/middleware.js';
import { isSold } from '@tessera/facts/owners';
import { pixelOffset } from '@tessera/facts/grid';
import { PAYMENT_REQUIRED_MESSAGE, purchaseType } from '@tessera/facts/payments';
import { priceOrder } from '@tessera/facts/pricing';
import {
  bodyOf,
  parseBoardIndex,
  parseCanvasIndex,
  readObject,
  readPixels,
  readText,
  isAbsent,
} from '../http/params.js';
import { HttpError } from '../middleware/errors.js';
import { intentStatusJson } from '../payments/json.js';
import { errorBody, ERROR_KINDS, hasAppCode } from '@tessera/kit';
import { intentId } from '../payments/parse.js';
import type {
  BatchResetRequest,
  BatchSaved,
  BatchUpdateRequest,
  OrderRefunded,
  PurchaseInfo,
} from '@tessera/api/payments';
import type { Unchecked } from '@tessera/api/request';

type Kind = 'reset' | 'update';

/** The spec's refusal of a sold pixel, its "(x, y)" filled in. */
const SOLD_PIXEL_MESSAGE =
  'Cannot save changes. Pixel at (x, y) has been purchased and cannot be modified. All sales are final.';
const soldPixelMessage = (x: number, y: number) => SOLD_PIXEL_MESSAGE.replace('(x, y)', `(${x}, ${y})`);

export function purchaseRoutes(router: Router, deps: BffDeps): void {
  const { peers } = deps;
  const auth = requireAuth(deps);

  const handler = (kind: Kind) => async (ctx: Context) => {
    const { userId } = authOf(ctx);
    const canvasIndex = parseCanvasIndex(ctx.params.canvasIndex);
    const boardIndex = parseBoardIndex(ctx.params.boardIndex);
    const body: Unchecked<BatchResetRequest & BatchUpdateRequest> = bodyOf(ctx);
    const pixels = readPixels(bodyOf(ctx), { color: kind === 'reset' ? 'artist' : 'custom' });
    if (isAbsent(body.purchaseInfo)) {
      const { board } = await peers.canvas.getBoard({ canvasIndex, boardIndex });
      // a board that does not exist is the canvas service's NOT_FOUND, passed through with its message
      if (!board) throw new Error('canvas service returned no board');
      for (const p of pixels)
        if (isSold(board.ownerSlots, pixelOffset(p.x, p.y)))
          throw new HttpError('PIXEL_ALREADY_SOLD', soldPixelMessage(p.x, p.y), 'pixels');
      throw new HttpError('BAD_REQUEST', PAYMENT_REQUIRED_MESSAGE, 'purchaseInfo');
    }
    const info: Unchecked<PurchaseInfo> = readObject(body.purchaseInfo, 'purchaseInfo');
    const id = intentId(info.payment_intent_id, 'purchaseInfo.payment_intent_id');
    readText(info.purchase_timestamp, 'purchaseInfo.purchase_timestamp', { max: 40, oneLine: true });
    const type = readText(info.purchase_type, 'purchaseInfo.purchase_type', { max: 20, oneLine: true });
    const expected = purchaseType(kind === 'reset');
    if (type !== '' && type !== expected)
      throw new HttpError(
        'VALIDATION_ERROR',
        `purchaseInfo.purchase_type must be '${expected}' here`,
        'purchaseInfo.purchase_type',
      );

    // one call: the payment service checks the pixels against the order (board, kind, colour paid
    // for) and commits it
    let res;
    try {
      res = await peers.payment.commitOrder({ userId, intentId: id, canvasIndex, boardIndex, pixels });
    } catch (err) {
      if (!hasAppCode(err, 'ORDER_REFUNDED')) throw err;
      // the order could not be granted and its payment was refunded: the spec's error body, plus
      // the refund as the order status reads it
      const { intent } = await peers.payment.getPaymentIntent({ userId, intentId: id });
      const status = intentStatusJson(intent);
      ctx.status = ERROR_KINDS.ORDER_REFUNDED.http;
      ctx.body = {
        ...errorBody({
          code: 'ORDER_REFUNDED',
          status: ctx.status,
          message: ConnectError.from(err).rawMessage,
          field: 'purchaseInfo.payment_intent_id',
        }),
        paymentIntentId: id,
        orderState: status.orderState,
        refundedAmount: status.refundedAmount,
        refundReason: intent?.refundReason ?? '',
      } satisfies OrderRefunded;
      return;
    }
    // the pixels' price at the gallery's prices (spec: calculatedPrice {totalDollars, defaultColorCount})
    const { subtotalCents } = kind === 'reset' ? priceOrder(pixels.length, 0) : priceOrder(0, pixels.length);
    ctx.body = {
      success: true,
      message: `${pixels.length} pixel(s) saved`,
      count: pixels.length,
      alreadyCommitted: res.alreadyCommitted,
      data: {
        calculatedPrice: {
          totalDollars: subtotalCents / 100,
          defaultColorCount: kind === 'reset' ? pixels.length : 0,
        },
      },
    } satisfies BatchSaved;
  };

  router.post('/api/pixels/canvas/:canvasIndex/board/:boardIndex/batch-reset', auth, handler('reset'));
  router.post('/api/pixels/canvas/:canvasIndex/board/:boardIndex/batch-update', auth, handler('update'));
}
