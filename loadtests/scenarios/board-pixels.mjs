// Board pixels through the BFF (GET /api/pixels/canvas/{c}/board/{b}, brotli as browsers ask) beside
// a bare Koa route serving the same prebuilt brotli body in its own process; the 304 answer; the
// compressed size of a fresh board (brotli and gzip).
import { activeCanvas, againstBareKoa, notModifiedRow, rawGet, row } from '../lib/bench-kit.mjs';

export const name = 'board-pixels';
export const description =
  'GET /api/pixels/canvas/{c}/board/{b} (brotli) through the BFF vs a bare Koa route serving the same prebuilt body; 304; compressed size';

const BOARDS = [312, 0, 624, 100];

export async function run(ctx) {
  const canvas = await activeCanvas(ctx.baseUrl);
  const board = BOARDS[0];
  const path = `/api/pixels/canvas/${canvas}/board/${board}`;
  const accept = { 'Accept-Encoding': 'gzip, deflate, br' };
  const first = await rawGet(`${ctx.baseUrl}${path}`, accept);
  if (first.status !== 200 || first.headers['content-encoding'] !== 'br')
    throw new Error(`board pixels: ${first.status} ${first.headers['content-encoding']}`);
  const gz = await rawGet(`${ctx.baseUrl}${path}`, { 'Accept-Encoding': 'gzip' });
  const plain = await rawGet(`${ctx.baseUrl}${path}`, { 'Accept-Encoding': 'identity' });
  const etag = first.headers.etag;
  const notModified = await rawGet(`${ctx.baseUrl}${path}`, { ...accept, 'If-None-Match': etag });
  ctx.log(
    `board ${board}: JSON ${plain.body.length} B, brotli ${first.body.length} B, gzip ${gz.body.length} B; If-None-Match -> ${notModified.status}`,
  );
  // every board is read once so the measured one is not the only warm entry
  for (const b of BOARDS.slice(1))
    await rawGet(`${ctx.baseUrl}/api/pixels/canvas/${canvas}/board/${b}`, accept);

  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Encoding': 'br',
    ETag: etag,
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
  };
  const compared = await againstBareKoa(ctx, {
    url: `${ctx.baseUrl}${path}`,
    body: first.body,
    headers,
    requestHeaders: accept,
    label: 'board pixels (brotli)',
    baselineLabel: 'bare Koa, same prebuilt body',
  });
  return {
    rows: [
      ...compared,
      notModifiedRow('board pixels', notModified.status),
      row({
        row: 'board pixels body, fresh board (brotli; gzip)',
        figure: first.body.length,
        unit: `B (gzip ${gz.body.length} B, JSON ${plain.body.length} B)`,
        target: '< 20 KB compressed',
        met: first.body.length < 20_000 && gz.body.length < 20_000,
      }),
    ],
  };
}
