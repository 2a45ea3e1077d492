/**
 * The BFF's read caches of one app (one per BffDeps): board pixels and composite images, both
 * invalidated by the one change feed. Created when the routes are registered; the feed subscribes
 * on the first request.
 */
import { ImageFormat } from '@tessera/proto/tessera/renderer/v1/renderer_pb.js';
import type { BffDeps } from '../deps.js';
import { HttpError } from '../middleware/errors.js';
import { BoardCache } from './board-cache.js';
import { ChangeFeed } from './change-feed.js';
import { CompositeCache } from './composite-cache.js';

export interface ReadCaches {
  feed: ChangeFeed;
  boards: BoardCache;
  composites: CompositeCache;
}

const byDeps = new WeakMap<BffDeps, ReadCaches>();

export function readCaches(deps: BffDeps): ReadCaches {
  let caches = byDeps.get(deps);
  if (caches) return caches;
  const { peers } = deps;
  const feed = new ChangeFeed(deps.bus, deps.logger);
  caches = {
    feed,
    boards: new BoardCache(feed, async (canvasIndex, boardIndex) => {
      const { board } = await peers.canvas.getBoard({ canvasIndex, boardIndex });
      return board;
    }),
    composites: new CompositeCache(feed, async (key) => {
      const { image } = await peers.renderer.renderComposite({
        canvasIndex: key.canvasIndex,
        format: key.format === 'png' ? ImageFormat.PNG : ImageFormat.WEBP,
        scale: key.scale,
        quality: key.quality,
        preview: key.preview,
        grid: false,
        ifNoneMatch: '',
      });
      if (!image) throw new HttpError('INTERNAL_SERVER_ERROR', 'The renderer returned no image');
      return {
        etag: image.etag,
        contentType: image.contentType,
        data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength),
        version: image.canvasVersion,
      };
    }),
  };
  byDeps.set(deps, caches);
  return caches;
}
