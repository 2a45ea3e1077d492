/**
 * Pixel info and the caller's own pixels (issue 24; not in the spec, documented in the BFF README):
 * - `GET /api/pixels/canvas/{c}/pixel?x=&y=` (canvas-wide x and y, 0 to 1224; public):
 *   `{success, data: PixelInfo}` (`@tessera/api/pixels`, built in ../pixels/pixel-info-json.ts). The buyer is named by username
 *   only, or as anonymous; never an id or an e-mail. Not cached (a buyer may change the choice).
 * - `GET /api/pixels/canvas/{c}/mine` (signed in): `{success, data: {pixels: [[x, y], ...]}}`, the
 *   canvas-wide pixels the caller bought; compared with the caller's id here, so the board pixels
 *   answer (and its cache and ETag) stays the same for everyone.
 */
import type Router from '@koa/router';
import type { OwnPixelsResponse, PixelInfoResponse } from '@tessera/api/pixels';
import { boardPixelAt, CANVAS_SIZE } from '@tessera/facts/grid';
import type { BffDeps } from '../deps.js';
import { authOf, requireAuth } from '../auth/middleware.js';
import { noStore } from '../http/no-store.js';
import { parseCanvasIndex, readInt, single } from '../http/params.js';
import { HttpError } from '../middleware/errors.js';
import { offsetsToPoints, pixelInfoJson } from '../pixels/pixel-info-json.js';

/** A required canvas-wide coordinate from the query. */
function coordinate(raw: unknown, field: 'x' | 'y'): number {
  const s = single(raw, field);
  if (s === undefined || s === '') throw new HttpError('MISSING_FIELD', `${field} is required`, field);
  return readInt(s, field, { min: 0, max: CANVAS_SIZE - 1, digits: true });
}

export function pixelInfoRoutes(router: Router, deps: BffDeps): void {
  const { peers } = deps;

  router.get('/api/pixels/canvas/:canvasIndex/pixel', async (ctx) => {
    const canvasIndex = parseCanvasIndex(ctx.params.canvasIndex);
    const x = coordinate(ctx.query.x, 'x');
    const y = coordinate(ctx.query.y, 'y');
    const at = boardPixelAt(x, y)!; // inside: both coordinates were checked
    const { pixel } = await peers.canvas.getPixel({
      canvasIndex,
      boardIndex: at.boardIndex,
      x: at.x,
      y: at.y,
    });
    if (!pixel) throw new Error('canvas service returned no pixel');
    const profile =
      pixel.ownerId === ''
        ? undefined
        : (await peers.identity.getUsers({ userIds: [pixel.ownerId] })).users.find(
            (u) => u.id === pixel.ownerId,
          );
    noStore(ctx);
    ctx.body = { success: true, data: pixelInfoJson(x, y, pixel, profile) } satisfies PixelInfoResponse;
  });

  router.get('/api/pixels/canvas/:canvasIndex/mine', requireAuth(deps), async (ctx) => {
    const canvasIndex = parseCanvasIndex(ctx.params.canvasIndex);
    const { canvasOffsets } = await peers.canvas.listUserPixels({ userId: authOf(ctx).userId, canvasIndex });
    noStore(ctx);
    ctx.body = {
      success: true,
      data: { pixels: offsetsToPoints(canvasOffsets) },
    } satisfies OwnPixelsResponse;
  });
}
