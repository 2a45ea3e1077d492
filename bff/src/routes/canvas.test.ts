import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ActiveCanvasResponse } from '@tessera/api/canvas';
import { AvailablePixelResponse, BoardPixelsResponse } from '@tessera/api/pixels';
import { canvasClientOf } from '@tessera/renderer/testing';
import { sharedBffStack } from '../canvas/test/stack.js';

const s = sharedBffStack();
let c: number;
const get = s.get;

beforeAll(async () => {
  c = s.canvasIndex;
  await s.stack.canvasCore.createCanvas({
    name: 'inactive',
    description: '',
    colorsOf: () => 'AA0000'.repeat(2401),
    activate: false,
  });
  await canvasClientOf(s.stack.canvasCore).commitOrder({
    orderId: 'o-bff',
    canvasIndex: c,
    boardIndex: 7,
    userId: 'user-7',
    pixels: [{ x: 3, y: 4, color: '#123ABC' }],
  });
  await s.stack.rendererCore.frames.get(c); // built once up front (the BFF's test deadline is 2 s)
}, 60_000);

function expectErrorBody(body: unknown, status: number, code: string, field?: string) {
  expect(body).toMatchObject({ success: false, error: code, statusCode: status });
  const b = body as { message: string; timestamp: string; field: string | null };
  expect(typeof b.message).toBe('string');
  expect(new Date(b.timestamp).toString()).not.toBe('Invalid Date');
  if (field !== undefined) expect(b.field).toBe(field);
}

describe('GET /api/canvases/active', () => {
  it('answers the active canvas in the spec shape, cached 5 minutes', async () => {
    const res = await get('/api/canvases/active');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const body: unknown = await res.json();
    // parse keeps only the contract's fields: equal means no field missing, renamed or added
    expect(ActiveCanvasResponse.parse(body)).toEqual(body);
    expect(body).toEqual({
      success: true,
      data: [
        {
          canvas_index: c,
          name: 'Test Canvas',
          description: 'A canvas for tests',
          is_active: true,
          sold_out: false,
        },
      ],
    });
  });
});

describe('GET /api/pixels/canvas/{c}/board/{b}', () => {
  it('answers the 2401 pixels of a board', async () => {
    const res = await get(`/api/pixels/canvas/${c}/board/7`);
    expect(res.status).toBe(200);
    const json: unknown = await res.json();
    expect(BoardPixelsResponse.parse(json)).toEqual(json);
    const body = json as { success: boolean; data: Record<string, unknown>[] };
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(2401);
    expect(Object.keys(body.data[0]!)).toEqual(['x', 'y', 'current_color', 'default_color', 'user_id']);
    const sold = body.data.find((p) => p.x === 3 && p.y === 4)!;
    expect(sold).toMatchObject({ current_color: '#123ABC', user_id: 'user-7' });
    expect(sold.default_color).toMatch(/^#[0-9A-F]{6}$/);
    expect(body.data[0]).toMatchObject({ x: 0, y: 0, current_color: '#FFFFFF', user_id: null });
    expect(body.data[50]).toMatchObject({ x: 1, y: 1 });
    // unchanged board: 304 on its ETag
    const etag = res.headers.get('etag')!;
    expect((await get(`/api/pixels/canvas/${c}/board/7`, { 'If-None-Match': etag })).status).toBe(304);
  });

  it.each([
    ['/api/pixels/canvas/abc/board/1', 'canvasIndex'],
    ['/api/pixels/canvas/1.5/board/1', 'canvasIndex'],
    ['/api/pixels/canvas/-1/board/1', 'canvasIndex'],
    ['/api/pixels/canvas/1/board/625', 'boardIndex'],
    ['/api/pixels/canvas/1/board/1e2', 'boardIndex'],
    ['/api/pixels/canvas/1/board/x', 'boardIndex'],
    ['/api/pixels/canvas/1/board/-3', 'boardIndex'],
    ['/api/pixels/canvas/2147483648/board/1', 'canvasIndex'],
  ])('answers 400 with the error body for %s', async (path, field) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expectErrorBody(await res.json(), 400, 'VALIDATION_ERROR', field);
  });

  it('answers 404 with the error body for a board of an unknown or not yet created canvas', async () => {
    for (const path of ['/api/pixels/canvas/999/board/0', '/api/pixels/canvas/999/board/624']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expectErrorBody(await res.json(), 404, 'NOT_FOUND');
    }
  });
});

describe('GET /api/pixels/available/random', () => {
  it('answers an available pixel', async () => {
    const res = await get(`/api/pixels/available/random?canvas_index=${c}`);
    expect(res.status).toBe(200);
    const json: unknown = await res.json();
    expect(AvailablePixelResponse.parse(json)).toEqual(json);
    const body = json as { success: boolean; data: Record<string, unknown>; message: string };
    expect(body.success).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual([
      'board_index',
      'current_color',
      'default_color',
      'x',
      'y',
    ]);
    expect(body.data.current_color).toBe('#FFFFFF');
    expect(typeof body.message).toBe('string');
  });

  it('answers 400 for a missing or bad canvas_index and 404 for an unknown canvas', async () => {
    expectErrorBody(
      await (await get('/api/pixels/available/random')).json(),
      400,
      'MISSING_FIELD',
      'canvas_index',
    );
    expectErrorBody(
      await (await get('/api/pixels/available/random?canvas_index=x')).json(),
      400,
      'VALIDATION_ERROR',
      'canvas_index',
    );
    expectErrorBody(
      await (await get('/api/pixels/available/random?canvas_index=999')).json(),
      404,
      'NOT_FOUND',
    );
  });
});

describe('GET /api/canvas-composite/canvas/{c}/render', () => {
  it('answers the image with an ETag, a 30 s cache and 304 on If-None-Match', async () => {
    const path = `/api/canvas-composite/canvas/${c}/render?format=webp&scale=1&quality=95&grid=false&preview=false&t=123`;
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const webp = Buffer.from(await res.arrayBuffer());
    const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1225, 1225]);
    // board 7 pixel (3, 4): canvas (7*49+3, 4); near-lossless at quality 95: within 8 per channel
    const at = (4 * 1225 + 7 * 49 + 3) * info.channels;
    const got = [...data.subarray(at, at + 3)];
    [0x12, 0x3a, 0xbc].forEach((want, i) => expect(Math.abs(got[i]! - want)).toBeLessThanOrEqual(8));
    const again = await get(path.replace('t=123', 't=456'), { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    // the page's defaults when parameters are missing: the same image
    expect((await get(`/api/canvas-composite/canvas/${c}/render`)).headers.get('etag')).toBe(etag);
    const preview = await get(`/api/canvas-composite/canvas/${c}/render?preview=true`);
    expect(preview.headers.get('content-type')).toBe('image/webp');
    expect(preview.headers.get('etag')).not.toBe(etag);
  });

  it.each([
    ['format=gif', 'format'],
    ['format=png', 'format'],
    ['scale=0', 'scale'],
    ['scale=2', 'scale'],
    ['scale=4', 'scale'],
    ['scale=1.5', 'scale'],
    ['quality=90', 'quality'],
    ['quality=101', 'quality'],
    ['grid=true', 'grid'],
    ['grid=maybe', 'grid'],
    ['preview=yes', 'preview'],
  ])('answers 400 for %s', async (query, field) => {
    const res = await get(`/api/canvas-composite/canvas/${c}/render?${query}`);
    expect(res.status).toBe(400);
    expectErrorBody(await res.json(), 400, 'VALIDATION_ERROR', field);
  });

  it('refuses eight concurrent renders with disallowed parameters with 400, before the renderer encodes anything', async () => {
    const encodes = s.stack.rendererCore.schedule.encodes;
    const queries = [
      'scale=4&quality=1',
      'scale=4&quality=50',
      'scale=3&quality=80',
      'scale=2&quality=99',
      'quality=100',
      'format=png&scale=4',
      'grid=true&scale=4',
      'scale=4&quality=95&preview=true',
    ];
    const answers = await Promise.all(
      queries.map((q) => get(`/api/canvas-composite/canvas/${c}/render?${q}`)),
    );
    expect(answers.map((r) => r.status)).toEqual(queries.map(() => 400));
    for (const r of answers) expectErrorBody(await r.json(), 400, 'VALIDATION_ERROR');
    expect(s.stack.rendererCore.schedule.encodes).toBe(encodes);
  });

  it('answers 400 for a bad canvas index', async () => {
    for (const bad of ['abc', '-1', '1.5']) {
      const res = await get(`/api/canvas-composite/canvas/${bad}/render`);
      expect(res.status).toBe(400);
      expectErrorBody(await res.json(), 400, 'VALIDATION_ERROR', 'canvasIndex');
    }
  });

  it('answers 404 for an unknown canvas', async () => {
    const res = await get('/api/canvas-composite/canvas/999/render');
    expect(res.status).toBe(404);
    expectErrorBody(await res.json(), 404, 'NOT_FOUND');
  });
});
