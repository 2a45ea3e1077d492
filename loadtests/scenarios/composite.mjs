// The composite image on a cache hit through the BFF (GET /api/canvas-composite/canvas/{c}/render
// with the page's parameters) beside a bare Koa route serving the same bytes in its own process.
import { activeCanvas, bareKoa, load, rawGet, round, row } from '../lib/bench-kit.mjs';

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
  const bare = await bareKoa(first.body, {
    'Content-Type': 'image/webp',
    ETag: first.headers.etag,
    'Cache-Control': 'public, max-age=30',
  });
  let product;
  let baseline;
  try {
    const opts = { seconds: ctx.durationSeconds, connections: ctx.connections };
    product = await load(`${ctx.baseUrl}${path}&t=1`, opts);
    baseline = await load(bare.url, opts);
  } finally {
    await bare.close();
  }
  const ratio = product.rps / baseline.rps;
  return {
    rows: [
      row({
        row: 'composite image, cache hit',
        figure: round(product.rps, 0),
        unit: 'req/s',
        p50: product.p50,
        p95: product.p95,
        p99: product.p99,
        errors: product.errors,
        baseline: round(baseline.rps, 0),
        baselineLabel: 'bare Koa, same bytes',
        ratio: round(ratio, 2),
        target: '>= 0.50 of baseline',
        met: ratio >= 0.5,
      }),
      row({
        row: 'composite unchanged (If-None-Match)',
        figure: notModified.status,
        unit: 'status',
        target: '304',
        met: notModified.status === 304,
      }),
    ],
  };
}
