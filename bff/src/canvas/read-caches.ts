/**
 * The BFF's read caches of one app (one per BffDeps): board pixels and composite images, both
 * invalidated by the one change feed. Created when the routes are registered; the feed subscribes
 * on the first request.
 */
import { COMPOSITE_IMAGE } from '@tessera/facts/render';
import { ImageFormat } from '@tessera/proto/tessera/renderer/v1/renderer_pb.js';
import type { BffDeps } from '../deps.js';
import { HttpError } from '../middleware/errors.js';
import { BoardCache } from './board-cache.js';
import { ChangeFeed } from './change-feed.js';
import { CompositeCache } from './composite-cache.js';

/** The renderer's enum for the page's image format. */
const PROTO_FORMATS = { webp: ImageFormat.WEBP } as const;

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
        ...COMPOSITE_IMAGE,
        format: PROTO_FORMATS[COMPOSITE_IMAGE.format],
        preview: key.preview,
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
