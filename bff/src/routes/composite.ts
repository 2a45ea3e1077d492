import type Router from '@koa/router';
import { ImageFormat } from '@tessera/proto/tessera/renderer/v1/renderer_pb.js';
import type { BffDeps } from '../deps.js';
import { parseBool, parseCanvasIndex, parseIntIn, single } from '../canvas/params.js';
import { HttpError } from '../middleware/errors.js';

const FORMATS: Record<string, ImageFormat> = { webp: ImageFormat.WEBP, png: ImageFormat.PNG };

/**
 * `GET /api/canvas-composite/canvas/{c}/render?format=webp|png&scale=1..4&quality=1..100&grid=&preview=&t=`
 * (spec section 7): the composite image from the renderer, with its version-based ETag,
 * `Cache-Control: public, max-age=30`, and 304 when If-None-Match still matches. `t` is the
 * client's cache buster and is ignored.
 */
export function compositeRoutes(router: Router, { peers }: BffDeps): void {
  router.get('/api/canvas-composite/canvas/:canvasIndex/render', async (ctx) => {
    const canvasIndex = parseCanvasIndex(ctx.params.canvasIndex);
    const formatName = single(ctx.query.format, 'format') || 'webp';
    const format = FORMATS[formatName.toLowerCase()];
    if (format === undefined) throw new HttpError('VALIDATION_ERROR', 'format must be webp or png', 'format');
    const scale = parseIntIn(ctx.query.scale, 'scale', 1, 4, 1);
    const quality = parseIntIn(ctx.query.quality, 'quality', 1, 100, 95);
    const grid = parseBool(ctx.query.grid, 'grid', false);
    const preview = parseBool(ctx.query.preview, 'preview', false);
    const { image } = await peers.renderer.renderComposite({
      canvasIndex,
      format,
      scale,
      quality,
      grid,
      preview,
      ifNoneMatch: ctx.get('If-None-Match'),
    });
    if (!image) throw new HttpError('INTERNAL_SERVER_ERROR', 'The renderer returned no image');
    ctx.set('ETag', image.etag);
    ctx.set('Cache-Control', 'public, max-age=30');
    ctx.set('Vary', 'Accept-Encoding');
    if (image.notModified) {
      ctx.status = 304;
      return;
    }
    ctx.type = image.contentType;
    ctx.body = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  });
}
