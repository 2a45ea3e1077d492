import { beforeAll, describe, expect, it } from 'vitest';
import { GalleryResponse } from '@tessera/api/gallery';
import { canvasClientOf } from '@tessera/renderer/testing';
import { boardOrigin, CANVAS_SIZE } from '@tessera/facts/grid';
import { decodeHistory, HISTORY_CONTENT_TYPE } from '@tessera/facts/timelapse';
import { sharedBffStack } from '../canvas/test/stack.js';

const s = sharedBffStack();

beforeAll(async () => {
  const canvas = canvasClientOf(s.stack.canvasCore);
  for (const [order, board, x, color] of [
    ['o-h1', 12, 3, '#123ABC'],
    ['o-h2', 300, 40, '#00FF00'],
  ] as const)
    await canvas.commitOrder({
      orderId: order,
      canvasIndex: s.canvasIndex,
      boardIndex: board,
      userId: 'user-h',
      pixels: [{ x, y: 4, color }],
    });
}, 60_000);

describe('GET /api/gallery', () => {
  it("answers the contract's GalleryResponse: no sold-out canvas yet, the active one still selling", async () => {
    const res = await s.get('/api/gallery');
    expect(res.status).toBe(200);
    const body: unknown = await res.json();
    // parse keeps only the contract's fields: equal means no field missing, renamed or added
    expect(GalleryResponse.parse(body)).toEqual(body);
    const { data } = GalleryResponse.parse(body);
    expect(data.canvases).toEqual([]);
    expect(data.current).toMatchObject({
      canvas_index: s.canvasIndex,
      sold_out: false,
      sold_out_at: null,
      artist_share_cents: null,
    });
  });
});

describe('GET /api/canvas/{c}/history', () => {
  it('answers the purchases in commit order, with an ETag that answers 304 while nothing changes', async () => {
    const res = await s.get(`/api/canvas/${s.canvasIndex}/history`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(HISTORY_CONTENT_TYPE);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    const history = decodeHistory(new Uint8Array(await res.arrayBuffer()));
    const at = (board: number, x: number) =>
      (boardOrigin(board).y + 4) * CANVAS_SIZE + boardOrigin(board).x + x;
    expect([...history.offsets]).toEqual([at(12, 3), at(300, 40)]);
    expect([...history.colors]).toEqual([0x123abc, 0x00ff00]);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"history-\d+-\d+"$/);
    expect((await s.get(`/api/canvas/${s.canvasIndex}/history`, { 'If-None-Match': etag })).status).toBe(304);
  });

  it('refuses a bad index with 400 and an unknown canvas with 404, in the error body', async () => {
    const bad = await s.get('/api/canvas/abc/history');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      success: false,
      error: 'VALIDATION_ERROR',
      field: 'canvasIndex',
    });
    const missing = await s.get('/api/canvas/987654/history');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, error: 'NOT_FOUND' });
  });
});
