/**
 * Response compression, negotiated from Accept-Encoding: brotli when the client takes it, else gzip,
 * else none (`Vary: Accept-Encoding` either way). `compressResponses()` compresses JSON and text
 * bodies of 1 KiB or more once they are built (brotli quality 5 and gzip level 6: about 2 ms and
 * 10 ms for a 200 KB body, off the event loop); bodies that come compressed already (the board
 * pixel cache, precompressed web assets) and streams (the event stream) pass untouched.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, Next } from 'koa';

export type Encoding = 'br' | 'gzip' | 'identity';

const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|javascript|manifest\+json)|text\/|image\/svg\+xml)/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The last header parsed and its answer: clients send the same Accept-Encoding on every request. */
let lastHeader = '';
let lastEncoding: Encoding = 'identity';

/** The best encoding the client accepts (q > 0), brotli first; `identity` when neither. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  if (acceptEncoding === lastHeader) return lastEncoding;
  lastEncoding = parseEncoding(acceptEncoding);
  lastHeader = acceptEncoding;
  return lastEncoding;
}

function parseEncoding(acceptEncoding: string): Encoding {
  const q = new Map<string, number>();
  for (const part of acceptEncoding.slice(0, 1024).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const ok = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

export function compressBrotli(body: Buffer): Promise<Buffer> {
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
}

export function compressGzip(body: Buffer): Promise<Buffer> {
  return gzip(body, { level: 6 });
}

/** An object or array that Koa would answer as JSON.stringify(body). */
function isPlainJson(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const proto: unknown = Object.getPrototypeOf(body);
  return Array.isArray(body) || proto === Object.prototype || proto === null;
}

/** Compresses the finished response when worthwhile (see above). */
export function compressResponses() {
  return async function compressResponses(ctx: Context, next: Next) {
    await next();
    ctx.vary('Accept-Encoding');
    if (ctx.respond === false || ctx.method === 'HEAD' || ctx.status === 204 || ctx.status === 304) return;
    if (ctx.response.get('Content-Encoding')) return;
    const body: unknown = ctx.body;
    if (body === null || body === undefined || typeof (body as { pipe?: unknown }).pipe === 'function')
      return;
    if (!COMPRESSIBLE.test(ctx.response.type || '')) return;
    // a JSON object is serialized here once: a small one is answered as that text (Koa would
    // serialize it again), a large one compressed
    const text = Buffer.isBuffer(body) ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const size = text === undefined ? (body as Buffer).length : Buffer.byteLength(text);
    if (size < MIN_BYTES) {
      if (text !== body && isPlainJson(body)) ctx.body = text;
      return;
    }
    const raw = text === undefined ? (body as Buffer) : Buffer.from(text);
    const encoding = pickEncoding(ctx.get('Accept-Encoding'));
    if (encoding === 'identity') return;
    const type = ctx.response.type;
    ctx.body = encoding === 'br' ? await compressBrotli(raw) : await compressGzip(raw);
    ctx.type = type;
    ctx.set('Content-Encoding', encoding);
  };
}
