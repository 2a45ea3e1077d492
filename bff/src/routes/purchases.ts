/**
 * The save flow's purchase path (spec section 7): `POST /api/pixels/canvas/{c}/board/{b}/batch-reset`
 * (artist colour, `pixels [{x, y}]`) and `.../batch-update` (custom colour, `pixels [{x, y, color}]`),
 * each with `purchaseInfo {payment_intent_id, purchase_timestamp, purchase_type}`. A pixel that is not
 * owned is only ever granted through a paid order: the call names the buyer's intent, and one
 * CommitOrder call to the payment service checks that every pixel belongs to it (on this board, in
 * the colour paid for) and commits the whole order exactly once (the second batch of the same order
 * finds it granted). Without purchaseInfo nothing is changed.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { BffDeps } from '../deps.js';
import { authOf, requireAuth } from '../auth/middleware.js';
import { bodyOf } from '../auth/body.js';
import { ownerAt } from '../canvas/board-json.js';
import { PIXELS_PER_BOARD, pixelOffset } from '@tessera/facts/grid';
import { parseBoardIndex, parseCanvasIndex } from '../canvas/params.js';
import { HttpError } from '../middleware/errors.js';
import { arr, coordinate, intentId, obj, str } from '../payments/parse.js';

const NEEDS_PAYMENT =
  "This action includes acquiring new pixels and requires a payment. Please use the 'Purchase' button in the header.";

type Kind = 'reset' | 'update';

function readPixels(body: Record<string, unknown>, kind: Kind) {
  return arr(body.pixels, 'pixels', PIXELS_PER_BOARD).map((raw, i) => {
    const p = obj(raw, `pixels[${i}]`);
    const x = coordinate(p.x, `pixels[${i}].x`);
    const y = coordinate(p.y, `pixels[${i}].y`);
    if (kind === 'reset') return { x, y, color: '' };
    const color = str(p.color, `pixels[${i}].color`, 7, { required: true });
    if (!/^#[0-9A-Fa-f]{6}$/.test(color))
      throw new HttpError('VALIDATION_ERROR', `pixels[${i}].color must be a colour like #RRGGBB`, 'pixels');
    return { x, y, color: color.toUpperCase() };
  });
}

export function purchaseRoutes(router: Router, deps: BffDeps): void {
  const { peers } = deps;
  const auth = requireAuth(deps);

  const handler = (kind: Kind) => async (ctx: Context) => {
    const { userId } = authOf(ctx);
    const canvasIndex = parseCanvasIndex(ctx.params.canvasIndex);
    const boardIndex = parseBoardIndex(ctx.params.boardIndex);
    const body = bodyOf(ctx);
    const pixels = readPixels(body, kind);
    const seen = new Set<string>();
    for (const p of pixels) {
      const key = `${p.x},${p.y}`;
      if (seen.has(key))
        throw new HttpError('VALIDATION_ERROR', `Pixel (${p.x}, ${p.y}) is listed twice`, 'pixels');
      seen.add(key);
    }
    if (body.purchaseInfo === undefined || body.purchaseInfo === null) {
      const { board } = await peers.canvas.getBoard({ canvasIndex, boardIndex });
      if (!board) throw new HttpError('NOT_FOUND', `Board ${boardIndex} of canvas ${canvasIndex} not found`);
      for (const p of pixels)
        if (ownerAt(board, pixelOffset(p.x, p.y)) !== null)
          throw new HttpError(
            'PIXEL_ALREADY_SOLD',
            `Cannot save changes. Pixel at (${p.x}, ${p.y}) has been purchased and cannot be modified. All sales are final.`,
            'pixels',
          );
      throw new HttpError('BAD_REQUEST', NEEDS_PAYMENT, 'purchaseInfo');
    }
    const info = obj(body.purchaseInfo, 'purchaseInfo');
    const id = intentId(info.payment_intent_id, 'purchaseInfo.payment_intent_id');
    str(info.purchase_timestamp, 'purchaseInfo.purchase_timestamp', 40);
    const type = str(info.purchase_type, 'purchaseInfo.purchase_type', 20);
    if (type !== '' && type !== (kind === 'reset' ? 'default' : 'custom'))
      throw new HttpError(
        'VALIDATION_ERROR',
        `purchaseInfo.purchase_type must be '${kind === 'reset' ? 'default' : 'custom'}' here`,
        'purchaseInfo.purchase_type',
      );

    // one call: the payment service checks the pixels against the order (board, kind, colour paid
    // for) and commits it
    const res = await peers.payment.commitOrder({
      userId,
      intentId: id,
      canvasIndex,
      boardIndex,
      pixels: pixels.map((p) => ({ ...p, isDefault: kind === 'reset' })),
    });
    const unit = kind === 'reset' ? 100 : 200;
    ctx.body = {
      success: true,
      message: `${pixels.length} pixel(s) saved`,
      count: pixels.length,
      alreadyCommitted: res.alreadyCommitted,
      data: {
        calculatedPrice: {
          totalDollars: (pixels.length * unit) / 100,
          defaultColorCount: kind === 'reset' ? pixels.length : 0,
        },
      },
    };
  };

  router.post('/api/pixels/canvas/:canvasIndex/board/:boardIndex/batch-reset', auth, handler('reset'));
  router.post('/api/pixels/canvas/:canvasIndex/board/:boardIndex/batch-update', auth, handler('update'));
}
