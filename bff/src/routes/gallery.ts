import type Router from '@koa/router';
import type { GalleryCanvas, GalleryResponse } from '@tessera/api/gallery';
import type { Canvas } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { HISTORY_CONTENT_TYPE } from '@tessera/facts/timelapse';
import { etagMatches } from '@tessera/kit';
import type { BffDeps } from '../deps.js';
import { parseCanvasIndex } from '../http/params.js';

/** How long a browser may reuse the gallery list and a history without asking (both change rarely). */
const GALLERY_CACHE_SEC = 30;

export const HISTORY_ROUTE = '/api/canvas/:canvasIndex/history';

/** A canvas as the gallery lists it (snake_case, as the spec's other `/api` shapes). */
function galleryEntry(c: Canvas, artistCents: number | null): GalleryCanvas {
  return {
    canvas_index: c.canvasIndex,
    name: c.name,
    artist: c.artist,
    is_active: c.isActive,
    sold_out: c.soldOut,
    started_at: new Date(c.createdAtMs).toISOString(),
    sold_out_at: c.soldOutAtMs > 0 ? new Date(c.soldOutAtMs).toISOString() : null,
    sold_pixels: c.soldPixels,
    total_pixels: c.totalPixels,
    artist_share_cents: artistCents,
  };
}

/**
 * The timelapse and the gallery of past canvases (issue 24):
 * - `GET /api/canvas/{c}/history`: the canvas's purchases in commit order, as the canvas service
 *   encodes them (`@tessera/facts/timelapse`: binary, delta-coded; a full canvas is a few MB), with
 *   `ETag` by canvas version (asked of the canvas first, so a 304 reads no board) and
 *   `Cache-Control: public, max-age=30`. 404 NOT_FOUND for an unknown canvas.
 * - `GET /api/gallery`: `{success, data: {canvases, current}}`: the sold-out canvases, newest first,
 *   each with its name, artist, start and sell-out times, pixels sold and the artist's 70% of the
 *   pixel sales in integer cents (the payment service's ledger, as `npm run ops -- ledger` prints
 *   it), and the active canvas when it has not sold out (its share null: still selling).
 */
export function galleryRoutes(router: Router, { peers }: BffDeps): void {
  router.get(HISTORY_ROUTE, async (ctx) => {
    const canvasIndex = parseCanvasIndex(ctx.params.canvasIndex);
    const { canvas } = await peers.canvas.getCanvas({ canvasIndex });
    const etag = `"history-${canvasIndex}-${canvas?.version ?? 0}"`;
    ctx.set('Cache-Control', `public, max-age=${GALLERY_CACHE_SEC}`);
    if (etagMatches(ctx.get('If-None-Match'), etag)) {
      ctx.set('ETag', etag);
      ctx.status = 304;
      return;
    }
    const res = await peers.canvas.getCanvasHistory({ canvasIndex });
    ctx.set('ETag', `"history-${canvasIndex}-${res.canvasVersion}"`);
    ctx.set('Content-Type', HISTORY_CONTENT_TYPE);
    ctx.body = Buffer.from(res.history.buffer, res.history.byteOffset, res.history.byteLength);
  });

  router.get('/api/gallery', async (ctx) => {
    const { canvases } = await peers.canvas.listCanvases({});
    const soldOut = canvases.filter((c) => c.soldOut).sort((a, b) => b.soldOutAtMs - a.soldOutAtMs);
    const ledgers = await Promise.all(
      soldOut.map((c) => peers.payment.getLedger({ canvasIndex: c.canvasIndex })),
    );
    const current = canvases.find((c) => c.isActive && !c.soldOut);
    ctx.set('Cache-Control', `public, max-age=${GALLERY_CACHE_SEC}`);
    ctx.body = {
      success: true,
      data: {
        canvases: soldOut.map((c, i) => galleryEntry(c, ledgers[i]!.artistCents)),
        current: current ? galleryEntry(current, null) : null,
      },
    } satisfies GalleryResponse;
  });
}
