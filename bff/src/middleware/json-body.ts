import type { IncomingMessage } from 'node:http';
import type { Context, Next } from 'koa';
import { UPLOAD_PATH } from '@tessera/facts/artwork';
import { callKey, isStateChanging } from '@tessera/facts/http';
import { HttpError } from './errors.js';

const MAX_BYTES = 1024 * 1024;

/**
 * Routes whose body is not JSON and is streamed by the route itself (`METHOD /path`, lower case):
 * the artist image upload (multipart, up to 10 MB, src/artist/multipart.ts).
 */
export const STREAMED_BODY_ROUTES: ReadonlySet<string> = new Set([`POST ${UPLOAD_PATH}`]);

function streamed(ctx: Context): boolean {
  return STREAMED_BODY_ROUTES.has(callKey(ctx.method, ctx.path));
}

/**
 * The whole body, read with the stream's events (an async iterator over the request costs a few
 * promises and stream listeners per chunk). As the iterator did: an error or a premature close of
 * the request rejects, and a body over `limit` rejects with 413.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      // the rest of the body is read and dropped (the stream keeps flowing) so that the 413 arrives
      done();
      reject(new HttpError('PAYLOAD_TOO_LARGE', 'Request body is too large'));
    };
    const onEnd = () => {
      done();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    const onClose = () => {
      done();
      reject(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('close', onClose);
  });
}

declare module 'koa' {
  interface Request {
    /** Parsed JSON body of POST/PUT/PATCH/DELETE requests (undefined when there is none). */
    body?: unknown;
    /** The bytes of that body exactly as received (provider webhooks verify their signature on them). */
    rawBody?: Buffer;
  }
}

/**
 * Reads a JSON request body (1 MiB at most). A wrong content type gets 415, an oversized body 413,
 * malformed JSON 400, each with the spec's error body.
 */
export function jsonBody(opts: { maxBytes?: number } = {}) {
  const limit = opts.maxBytes ?? MAX_BYTES;
  return async function jsonBody(ctx: Context, next: Next) {
    if (!isStateChanging(ctx.method) || streamed(ctx)) return next();
    const length = Number(ctx.get('content-length') || '0');
    const chunked = ctx.get('transfer-encoding') !== '';
    if (!chunked && length === 0) return next();
    if (!ctx.is('application/json')) {
      throw new HttpError(
        'BAD_REQUEST',
        'Request body must be JSON (Content-Type: application/json)',
        null,
        415,
      );
    }
    if (length > limit) throw new HttpError('PAYLOAD_TOO_LARGE', 'Request body is too large');
    const raw = await readBody(ctx.req, limit);
    ctx.request.rawBody = raw;
    const text = raw.toString('utf8');
    if (text.trim() === '') return next();
    try {
      ctx.request.body = JSON.parse(text);
    } catch {
      throw new HttpError('BAD_REQUEST', 'Request body is not valid JSON');
    }
    return next();
  };
}
