/**
 * compressResponses serializes a JSON body once: a small one goes out as exactly the bytes and
 * headers Koa gives it without the middleware, a large one compressed; other bodies are left alone.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { withListening } from '../test/listen.js';
import { compressResponses } from './compress.js';

/** A raw GET (fetch would decompress and hide the headers that matter here). */
function get(
  base: string,
  path: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const bodies: Record<string, () => unknown> = {
  '/small': () => ({ success: true, released: true, message: 'Lock released', list: [1, 'två', null] }),
  '/large': () => ({ items: Array.from({ length: 200 }, (_, i) => ({ i, name: `item ${i}` })) }),
  '/text': () => 'plain words',
  '/conflict': () => ({ success: false, message: 'Board is locked' }),
};

function app(withCompression: boolean): Koa {
  const a = new Koa();
  if (withCompression) a.use(compressResponses());
  a.use((ctx) => {
    if (ctx.path === '/conflict') ctx.status = 409;
    ctx.body = bodies[ctx.path]!();
  });
  return a;
}

describe('compressResponses', () => {
  it('answers a small JSON body with the bytes and headers Koa gives it alone', async () => {
    const plain: Record<string, Awaited<ReturnType<typeof get>>> = {};
    await withListening(app(false), async (base) => {
      for (const p of ['/small', '/text', '/conflict']) plain[p] = await get(base, p);
    });
    await withListening(app(true), async (base) => {
      for (const p of ['/small', '/text', '/conflict']) {
        const got = await get(base, p);
        const want = plain[p]!;
        expect(got.status, p).toBe(want.status);
        expect(got.body.toString(), p).toBe(want.body.toString());
        expect(got.headers['content-type'], p).toBe(want.headers['content-type']);
        expect(got.headers['content-length'], p).toBe(want.headers['content-length']);
        expect(got.headers['content-encoding'], p).toBeUndefined();
      }
    });
  });

  it('compresses a JSON body of 1 KiB or more', async () => {
    await withListening(app(true), async (base) => {
      const res = await get(base, '/large');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(zlib.gunzipSync(res.body).toString())).toEqual(bodies['/large']!());
    });
  });
});
