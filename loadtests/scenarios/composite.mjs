// The composite image on a cache hit through the BFF (GET /api/canvas-composite/canvas/{c}/render
// with the page's parameters) beside a bare Koa route serving the same bytes in its own process.
import { activeCanvas, againstBareKoa, notModifiedRow, rawGet } from '../lib/bench-kit.mjs';

export const name = 'composite';
export const description =
  'GET /api/canvas-composite/.../render (cache hit) through the BFF vs a bare Koa route serving the same bytes';

export async function run(ctx) {
  const canvas = await activeCanvas(ctx.baseUrl);
  const path = `/api/canvas-composite/canvas/${canvas}/render?format=webp&scale=1&quality=95&grid=false&preview=true`;
  const first = await rawGet(`${ctx.baseUrl}${path}`);
  if (first.status !== 200) throw new Error(`composite: ${first.status} ${first.body}`);
  const notModified = await rawGet(`${ctx.baseUrl}${path}`, { 'If-None-Match': first.headers.etag });
  ctx.log(
    `preview composite: ${first.body.length} B webp, ETag ${first.headers.etag}; If-None-Match -> ${notModified.status}`,
  );
  const compared = await againstBareKoa(ctx, {
    url: `${ctx.baseUrl}${path}&t=1`,
    body: first.body,
    headers: {
      'Content-Type': 'image/webp',
      ETag: first.headers.etag,
      'Cache-Control': 'public, max-age=30',
    },
    label: 'composite image, cache hit',
    baselineLabel: 'bare Koa, same bytes',
  });
  return {
    rows: [...compared, notModifiedRow('composite', notModified.status)],
  };
}
