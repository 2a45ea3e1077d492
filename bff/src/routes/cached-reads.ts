/**
 * The fast path of the two hot reads: `GET /api/pixels/canvas/{c}/board/{b}` and the composite
 * `GET /api/canvas-composite/canvas/{c}/render` answered straight from the read caches on a hit.
 *
 * A hit is answered one of two ways, with the same bytes and headers (`cachedReadAnswers`, built on
 * the routes' own `boardAnswer` and `compositeAnswer`: ETag, Cache-Control, 304):
 * - before Koa (`hot-reads.ts`) when the request carries no `traceparent`, as the web app's reads
 *   do (it sends one per user action only);
 * - else by the Koa middleware below, right after the security headers (app.ts), inside the request's
 *   span: a hit skips response compression (the bodies are compressed already), the error
 *   middleware, the JSON body reader, the router and its CSRF layer.
 *
 * It answers only what the routes would answer the same way: the canonical path (the router also
 * takes other letter cases and a trailing slash: those go the long way), GET, a current cache entry,
 * and for board pixels a client that takes brotli or gzip. Everything else (a miss, HEAD, a bad
 * index or parameter, a plain-JSON client) goes on to the routes, which read through, answer the
 * error body, or inflate the JSON. The span and the metrics name a hit by the route's template.
 * No rate limit applies to these reads.
 */
import type { Context, Next } from 'koa';
import type { BffDeps } from '../deps.js';
import { readCaches } from '../canvas/read-caches.js';
import { applyAnswer, type Answer } from '../http/answer.js';
import { pickEncoding } from '../middleware/compress.js';
import { setMatchedRoute } from '../middleware/request-telemetry.js';
import { BOARD_PIXELS_ROUTE, boardAnswer } from './pixels.js';
import { COMPOSITE_ROUTE } from '@tessera/facts/render';
import { compositeAnswer, compositeKey } from './composite.js';

const BOARD_PATH = /^\/api\/pixels\/canvas\/(\d{1,10})\/board\/(\d{1,10})$/;
const COMPOSITE_PATH = /^\/api\/canvas-composite\/canvas\/(\d{1,10})\/render$/;

/** A cache hit: the route template it answers for and the whole answer. */
export interface CachedHit {
  route: string;
  answer: Answer;
}

/** What a GET needs for a cache lookup: its path, its query (parsed on demand) and two headers. */
export interface CachedRead {
  path: string;
  query: () => Record<string, unknown>;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
}

/** The answer to a GET from the read caches, or undefined when the routes must answer. */
export function cachedReadAnswers(deps: BffDeps): (read: CachedRead) => CachedHit | undefined {
  const { boards, composites } = readCaches(deps);
  return function cachedAnswer(read) {
    let m = BOARD_PATH.exec(read.path);
    if (m) {
      const body = boards.peek(Number(m[1]), Number(m[2]));
      if (!body) return undefined;
      const encoding = pickEncoding(read.acceptEncoding);
      if (encoding === 'identity') return undefined;
      return { route: BOARD_PIXELS_ROUTE, answer: boardAnswer(body, encoding, read.ifNoneMatch) };
    }
    m = COMPOSITE_PATH.exec(read.path);
    if (!m) return undefined;
    let key;
    try {
      key = compositeKey(Number(m[1]), read.query());
    } catch {
      return undefined; // the route answers the 400
    }
    const image = composites.peek(key);
    if (!image) return undefined;
    const answer = compositeAnswer(image, read.ifNoneMatch);
    // as compressResponses does for every answer
    return {
      route: COMPOSITE_ROUTE,
      answer: { ...answer, headers: [...answer.headers, ['Vary', 'Accept-Encoding']] },
    };
  };
}

/** The Koa middleware of a hit that carries a `traceparent` (the hot path left it to Koa). */
export function cachedReads(deps: BffDeps) {
  const cachedAnswer = cachedReadAnswers(deps);
  return function cachedReads(ctx: Context, next: Next) {
    if (ctx.method !== 'GET') return next();
    const hit = cachedAnswer({
      path: ctx.path,
      query: () => ctx.query,
      acceptEncoding: ctx.get('Accept-Encoding'),
      ifNoneMatch: ctx.get('If-None-Match'),
    });
    if (!hit) return next();
    setMatchedRoute(ctx, hit.route);
    applyAnswer(ctx, hit.answer);
  };
}
