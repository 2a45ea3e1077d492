import type Router from '@koa/router';
import type { BffDeps } from '../deps.js';
import { boardPixelsJson } from '../canvas/board-json.js';
import { parseBoardIndex, parseCanvasIndex, single } from '../canvas/params.js';
import { HttpError } from '../middleware/errors.js';

/**
 * Pixels (spec section 7):
 * - `GET /api/pixels/canvas/{c}/board/{b}`: `{success, data: [{x, y, current_color, default_color,
 *   user_id}]}` for the 2401 pixels; ETag by board version (304 when unchanged).
 * - `GET /api/pixels/available/random?canvas_index=n`: `{success, data: {board_index, x, y,
 *   current_color, default_color}, message}`; 404 "No pixels available" when sold out.
 */
export function pixelRoutes(router: Router, { peers }: BffDeps): void {
  router.get('/api/pixels/canvas/:canvasIndex/board/:boardIndex', async (ctx) => {
    const canvasIndex = parseCanvasIndex(ctx.params.canvasIndex);
    const boardIndex = parseBoardIndex(ctx.params.boardIndex);
    const { board } = await peers.canvas.getBoard({ canvasIndex, boardIndex });
    if (!board) throw new HttpError('NOT_FOUND', `Board ${boardIndex} of canvas ${canvasIndex} not found`);
    const etag = `W/"b${canvasIndex}-${boardIndex}-v${board.version}"`;
    ctx.set('ETag', etag);
    ctx.set('Cache-Control', 'no-cache');
    if (ctx.get('If-None-Match') === etag) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = boardPixelsJson(board);
  });

  router.get('/api/pixels/available/random', async (ctx) => {
    const raw = single(ctx.query.canvas_index, 'canvas_index');
    if (raw === undefined || raw === '')
      throw new HttpError('MISSING_FIELD', 'canvas_index is required', 'canvas_index');
    const canvasIndex = parseCanvasIndex(raw, 'canvas_index');
    const { pixel } = await peers.canvas.getRandomAvailablePixel({ canvasIndex });
    ctx.set('Cache-Control', 'no-store');
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
    };
  });
}
