import type Router from '@koa/router';
import type { ActiveCanvasResponse } from '@tessera/api/canvas';
import { ACTIVE_CANVAS_CACHE_SEC } from '@tessera/facts/http';
import type { BffDeps } from '../deps.js';

/**
 * `GET /api/canvases/active` (spec section 7): `{success, data: [{canvas_index, name, description,
 * is_active, sold_out}]}`, an empty list when no canvas is active. `sold_out` (beyond the spec's
 * fields) is true while the gallery keeps a sold-out canvas because no next artwork was chosen; the
 * canvas page says so. Cached ACTIVE_CANVAS_CACHE_SEC (5 minutes) by the browser, as long as the web
 * app's query keeps it.
 */
export function canvasRoutes(router: Router, { peers }: BffDeps): void {
  router.get('/api/canvases/active', async (ctx) => {
    const { canvas } = await peers.canvas.getActiveCanvas({});
    ctx.set('Cache-Control', `public, max-age=${ACTIVE_CANVAS_CACHE_SEC}`);
    ctx.body = {
      success: true,
      data: canvas
        ? [
            {
              canvas_index: canvas.canvasIndex,
              name: canvas.name,
              description: canvas.description,
              is_active: canvas.isActive,
              sold_out: canvas.soldOut,
            },
          ]
        : [],
    } satisfies ActiveCanvasResponse;
  });
}
