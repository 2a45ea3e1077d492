import type Router from '@koa/router';
import type { AvailablePixelResponse } from '@tessera/api/pixels';
import type { BffDeps } from '../deps.js';
import { parseBoardIndex, parseCanvasIndex, single } from '../http/params.js';
import { etagMatches } from '@tessera/kit';
import { plainJson, type BoardBody } from '../canvas/board-cache.js';
import { readCaches } from '../canvas/read-caches.js';
import { HttpError } from '../middleware/errors.js';
import { pickEncoding, type Encoding } from '../middleware/compress.js';
import { noStore } from '../http/no-store.js';
import { applyAnswer, type Answer, type HeaderPair } from '../http/answer.js';

/**
 * Pixels (spec section 7):
 * - `GET /api/pixels/canvas/{c}/board/{b}`: `{success, data: [{x, y, current_color, default_color,
 *   user_id}]}` for the 2401 pixels; built once per board version and kept, with its brotli and gzip
 *   forms, until a commit, reset or activation event makes it stale (../canvas/board-cache.ts); ETag
 *   by board version (304 when unchanged).
 * - `GET /api/pixels/available/random?canvas_index=n`: `{success, data: {board_index, x, y,
 *   current_color, default_color}, message}`; 404 "No pixels available" when sold out.
 */
export const BOARD_PIXELS_ROUTE = '/api/pixels/canvas/:canvasIndex/board/:boardIndex';

const BOARD_JSON_TYPE = 'application/json; charset=utf-8';

/** An answer of board pixels; `inflate`: a 200 in identity, whose body the route sets (the inflated JSON). */
export interface BoardAnswer extends Answer {
  inflate: boolean;
}

/**
 * The answer of board pixels in `encoding`: ETag, `Cache-Control: no-cache`, `Vary: Accept-Encoding`,
 * then 304 when If-None-Match names the ETag, else the prebuilt brotli or gzip body with its
 * Content-Encoding; in identity (a client that takes neither, or a HEAD) the same headers without
 * Content-Encoding, and the route inflates the body only then. Shared by the route and the cache-hit
 * fast path (cached-reads.ts).
 */
export function boardAnswer(
  body: BoardBody,
  encoding: Encoding,
  ifNoneMatch: string | undefined,
): BoardAnswer {
  const headers: HeaderPair[] = [
    ['ETag', body.etag],
    ['Cache-Control', 'no-cache'],
    ['Vary', 'Accept-Encoding'],
  ];
  if (etagMatches(ifNoneMatch, body.etag)) return { status: 304, headers, body: undefined, inflate: false };
  headers.push(['Content-Type', BOARD_JSON_TYPE]);
  if (encoding === 'identity') return { status: 200, headers, body: undefined, inflate: true };
  headers.push(['Content-Encoding', encoding]);
  return { status: 200, headers, body: encoding === 'br' ? body.br : body.gzip, inflate: false };
}

export function pixelRoutes(router: Router, deps: BffDeps): void {
  const { peers } = deps;
  const { boards } = readCaches(deps);
  router.get(BOARD_PIXELS_ROUTE, async (ctx) => {
    const canvasIndex = parseCanvasIndex(ctx.params.canvasIndex);
    const boardIndex = parseBoardIndex(ctx.params.boardIndex);
    const body = await boards.get(canvasIndex, boardIndex);
    // a board that does not exist is the canvas service's NOT_FOUND (with its message), passed through
    if (!body) throw new Error('canvas service returned no board');
    const encoding = ctx.method === 'HEAD' ? 'identity' : pickEncoding(ctx.get('Accept-Encoding'));
    const answer = boardAnswer(body, encoding, ctx.get('If-None-Match'));
    applyAnswer(ctx, answer);
    if (answer.inflate) ctx.body = await plainJson(body);
  });

  router.get('/api/pixels/available/random', async (ctx) => {
    const raw = single(ctx.query.canvas_index, 'canvas_index');
    if (raw === undefined || raw === '')
      throw new HttpError('MISSING_FIELD', 'canvas_index is required', 'canvas_index');
    const canvasIndex = parseCanvasIndex(raw, 'canvas_index');
    const { pixel } = await peers.canvas.getRandomAvailablePixel({ canvasIndex });
    noStore(ctx);
    if (!pixel) throw new HttpError('NOT_FOUND', 'No pixels available', 'canvas_index');
    ctx.body = {
      success: true,
      data: {
        board_index: pixel.boardIndex,
        x: pixel.x,
        y: pixel.y,
        current_color: pixel.currentColor,
        default_color: pixel.defaultColor,
      },
      message: `Available pixel found at ${pixel.x},${pixel.y} on board ${pixel.boardIndex}`,
    } satisfies AvailablePixelResponse;
  });
}
