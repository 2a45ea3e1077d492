/**
 * The fast path of the two hot reads: `GET /api/pixels/canvas/{c}/board/{b}` and the composite
 * `GET /api/canvas-composite/canvas/{c}/render` answered straight from the read caches on a hit,
 * right after the security headers (app.ts), so a hit skips response compression (the bodies are
 * compressed already), the error middleware, the JSON body reader, the router and its CSRF layer.
 *
 * It answers only what the routes would answer the same way: the canonical path (the router also
 * takes other letter cases and a trailing slash: those go the long way), GET, a current cache entry,
 * and for board pixels a client that takes brotli or gzip. Everything else (a miss, HEAD, a bad
 * index or parameter, a plain-JSON client) goes on to the routes, which read through, answer the
 * error body, or inflate the JSON. The answer itself is the routes' own code (`answerBoard`,
 * `answerComposite`: ETag, Cache-Control, 304), and the span is named by the same route template.
 * No rate limit applies to these reads.
 */
import type { Context, Next } from 'koa';
import type { BffDeps } from '../deps.js';
import { readCaches } from '../canvas/read-caches.js';
import { pickEncoding } from '../middleware/compress.js';
import { setMatchedRoute } from '../middleware/request-telemetry.js';
import { answerBoard, BOARD_PIXELS_ROUTE } from './pixels.js';
import { COMPOSITE_ROUTE } from '@tessera/facts/render';
import { answerComposite, compositeKey } from './composite.js';

const BOARD_PATH = /^\/api\/pixels\/canvas\/(\d{1,10})\/board\/(\d{1,10})$/;
const COMPOSITE_PATH = /^\/api\/canvas-composite\/canvas\/(\d{1,10})\/render$/;

export function cachedReads(deps: BffDeps) {
  const { boards, composites } = readCaches(deps);

  function board(ctx: Context, m: RegExpExecArray): boolean {
    const body = boards.peek(Number(m[1]), Number(m[2]));
    if (!body) return false;
    const encoding = pickEncoding(ctx.get('Accept-Encoding'));
    if (encoding === 'identity') return false;
    setMatchedRoute(ctx, BOARD_PIXELS_ROUTE);
    return answerBoard(ctx, body, encoding);
  }

  function composite(ctx: Context, m: RegExpExecArray): boolean {
    let key;
    try {
      key = compositeKey(Number(m[1]), ctx.query);
    } catch {
      return false; // the route answers the 400
    }
    const image = composites.peek(key);
    if (!image) return false;
    setMatchedRoute(ctx, COMPOSITE_ROUTE);
    ctx.vary('Accept-Encoding'); // as compressResponses does for every answer
    answerComposite(ctx, image);
    return true;
  }

  return function cachedReads(ctx: Context, next: Next) {
    if (ctx.method !== 'GET') return next();
    const path = ctx.path;
    let m: RegExpExecArray | null;
    if ((m = BOARD_PATH.exec(path)) && board(ctx, m)) return;
    if ((m = COMPOSITE_PATH.exec(path)) && composite(ctx, m)) return;
    return next();
  };
}
