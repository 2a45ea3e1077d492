import type Router from '@koa/router';
import type { Context } from 'koa';
import type { BffDeps } from '../deps.js';
import { parseBool, parseCanvasIndex, single } from '../http/params.js';
import { etagMatches } from '@tessera/kit';
import { readCaches } from '../canvas/read-caches.js';
import type { CompositeImage, CompositeKey } from '../canvas/composite-cache.js';
import { HttpError } from '../middleware/errors.js';
import { applyAnswer, type Answer, type HeaderPair } from '../http/answer.js';
import { COMPOSITE_QUERY, COMPOSITE_ROUTE } from '@tessera/facts/render';

/**
 * The one image the web app asks for (COMPOSITE_IMAGE of `@tessera/facts/render`, live or preview).
 * The client manifest's `scale (default 2)` is not a request parameter: the page always sends scale=1
 * and zooms on its side. Any other value is refused with 400 before the renderer is asked, so no
 * request can make it encode a larger or different image (issue 9: eight renders at scale 4 with
 * different qualities took the renderer from 295 MB to 2.17 GB). A missing parameter means the
 * page's value.
 */
function checkAllowed(query: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(COMPOSITE_QUERY)) {
    const raw = single(query[field], field);
    if (raw !== undefined && raw !== '' && raw !== value)
      throw new HttpError('VALIDATION_ERROR', `${field} must be ${value}`, field);
  }
}

/**
 * `GET /api/canvas-composite/canvas/{c}/render?format=webp&scale=1&quality=95&grid=false&preview=&t=`
 * (COMPOSITE_ROUTE): the composite image, from the BFF's cache (composite-cache.ts) when the canvas
 * has not changed since, else from the renderer; its version-based ETag, `Cache-Control: public,
 * max-age=30`, and 304 when If-None-Match still matches. `t` is the client's cache buster and is
 * ignored, as are parameters the route does not know.
 *
 * The cache key of a request's image; throws the 400 of a parameter the page never sends.
 */
export function compositeKey(canvasIndex: number, query: Record<string, unknown>): CompositeKey {
  checkAllowed(query);
  return { canvasIndex, preview: parseBool(query.preview, 'preview', false) };
}

/**
 * The answer of an image: its ETag, `Cache-Control: public, max-age=30`, then 304 when If-None-Match
 * names the ETag, else the bytes. Shared by the route and the cache-hit fast paths.
 */
export function compositeAnswer(image: CompositeImage, ifNoneMatch: string | undefined): Answer {
  const headers: HeaderPair[] = [
    ['ETag', image.etag],
    ['Cache-Control', 'public, max-age=30'],
  ];
  if (etagMatches(ifNoneMatch, image.etag)) return { status: 304, headers, body: undefined };
  headers.push(['Content-Type', image.contentType]);
  return { status: 200, headers, body: image.data };
}

export function answerComposite(ctx: Context, image: CompositeImage): void {
  applyAnswer(ctx, compositeAnswer(image, ctx.get('If-None-Match')));
}

export function compositeRoutes(router: Router, deps: BffDeps): void {
  const { composites } = readCaches(deps);
  router.get(COMPOSITE_ROUTE, async (ctx) => {
    const key = compositeKey(parseCanvasIndex(ctx.params.canvasIndex), ctx.query);
    answerComposite(ctx, await composites.get(key));
  });
}
