/**
 * Bad path and query parameters on the canvas routes, through the BFF to the real canvas service
 * and renderer: board pixels, the random pixel, the composite image (format, scale, quality, grid,
 * preview, repeated parameters), the active canvases and the event stream. Every refusal is a 4xx
 * with the spec's error body; inputs a route ignores by design (a cache buster, a Last-Event-ID it
 * cannot use) get the normal answer. Afterwards every process answers and the data is intact.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { forSuite } from '@tessera/kit/testing';
import { BAD_INDEXES } from './cases.js';
import { send } from '../../testing/raw-http.js';
import { expectSpecError } from './spec-error.js';
import { expectSurvived, SEED_BOARD, startBadInputStack } from './stack.js';

const s = forSuite(startBadInputStack);
let c: number;
beforeAll(() => {
  c = s.canvasIndex;
});

async function refused(path: string, want: { status?: number; code?: string } = {}) {
  expectSpecError(await send(s.base, { path }), `GET ${path.slice(0, 200)}`, want);
}
const invalid = () => ({ status: 400, code: 'VALIDATION_ERROR' });

describe('GET /api/pixels/canvas/{c}/board/{b}', () => {
  it('refuses bad canvas and board indexes with 400', async () => {
    for (const bad of BAD_INDEXES) {
      await refused(`/api/pixels/canvas/${bad}/board/${SEED_BOARD}`, invalid());
      await refused(`/api/pixels/canvas/${c}/board/${bad}`, invalid());
    }
    for (const board of ['625', '1000', '4294967296'])
      await refused(`/api/pixels/canvas/${c}/board/${board}`, invalid());
  });

  it('answers 404 for a canvas that does not exist', async () => {
    for (const canvas of ['999', '2147483647']) {
      await refused(`/api/pixels/canvas/${canvas}/board/0`, { status: 404, code: 'NOT_FOUND' });
    }
  });

  it('answers 404 for traversal and extra segments', async () => {
    for (const path of [
      `/api/pixels/canvas/${c}/board/${SEED_BOARD}/../../../../etc/passwd`,
      `/api/pixels/canvas/${c}/board/`,
      `/api/pixels/canvas//board/1`,
      `/api/pixels/canvas/${c}/board/${SEED_BOARD}/extra`,
      `/api/pixels/canvas/${c}/board/${SEED_BOARD}%2F..%2F..`,
    ]) {
      const res = await send(s.base, { path });
      expectSpecError(res, path);
    }
  });
});

describe('GET /api/canvas/{c}/history', () => {
  it('refuses bad canvas indexes with 400 and answers 404 for an unknown canvas', async () => {
    for (const bad of BAD_INDEXES) await refused(`/api/canvas/${bad}/history`, invalid());
    for (const canvas of ['999', '2147483647'])
      await refused(`/api/canvas/${canvas}/history`, { status: 404, code: 'NOT_FOUND' });
  });
});

describe('GET /api/pixels/available/random', () => {
  it('refuses a missing, bad or repeated canvas_index with 400 and answers 404 for an unknown canvas', async () => {
    await refused('/api/pixels/available/random', { status: 400, code: 'MISSING_FIELD' });
    await refused('/api/pixels/available/random?canvas_index=', { status: 400, code: 'MISSING_FIELD' });
    await refused('/api/pixels/available/random?canvasIndex=1', { status: 400, code: 'MISSING_FIELD' });
    for (const bad of BAD_INDEXES)
      await refused(`/api/pixels/available/random?canvas_index=${bad}`, invalid());
    for (const q of [`canvas_index=${c}&canvas_index=${c}`, `canvas_index[]=${c}`, `canvas_index[a]=${c}`]) {
      await refused(`/api/pixels/available/random?${q}`, { status: 400 });
    }
    await refused('/api/pixels/available/random?canvas_index=999', { status: 404, code: 'NOT_FOUND' });
  });
});

describe('GET /api/canvas-composite/canvas/{c}/render', () => {
  const render = (q: string, canvas: string | number = c) =>
    `/api/canvas-composite/canvas/${canvas}/render?${q}`;

  it('refuses bad canvas indexes with 400 and an unknown canvas with 404', async () => {
    for (const bad of BAD_INDEXES) await refused(render('format=webp', bad), invalid());
    await refused(render('format=webp', 999), { status: 404, code: 'NOT_FOUND' });
  });

  it('refuses bad format, scale, quality, grid and preview values with 400', async () => {
    const bad: Record<string, string[]> = {
      format: ['gif', 'png', 'jpeg', 'svg', 'png%00', 'webp%20', '..%2Fpng', '%C3%A9', 'x'.repeat(5000)],
      scale: [
        '0',
        '2',
        '4',
        '5',
        '-1',
        '1.5',
        'NaN',
        '0x2',
        '1e0',
        '+1',
        '%201',
        '99999',
        '99999999999999999999',
        'Infinity',
        '%00',
      ],
      quality: ['0', '90', '100', '1', '101', '-5', '50.5', 'abc', '1e2', '0x10', '100000', '%00'],
      grid: ['true', 'yes', '2', 'TRUE', 'on', '-1', 'null', '%00'],
      preview: ['maybe', '2', 'False', 'off', '[]', '%00'],
    };
    for (const [param, values] of Object.entries(bad)) {
      for (const v of values)
        await refused(render(`format=webp&${param}=${v}`), { status: 400, code: 'VALIDATION_ERROR' });
      // a repeated parameter, even with the same valid value twice
      const valid =
        param === 'format' ? 'webp' : param === 'quality' ? '95' : param === 'scale' ? '1' : 'false';
      const q = `${param}=${valid}&${param}=${valid}`;
      await refused(render(param === 'format' ? q : `format=webp&${q}`), {
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    }
    await refused(render('scale=1&scale=2&quality=1&quality=100&grid=true&grid=false'), { status: 400 });
  });

  it('ignores the cache buster and unknown parameters, whatever they hold', async () => {
    const ignored = [
      't=NaN',
      't=1&t=2',
      't[]=x',
      'scale[]=9',
      'format[]=gif',
      'quality[x]=0',
      `junk=${'j'.repeat(6000)}`,
    ];
    for (const q of ignored.map((i) => `format=webp&${i}`)) {
      const res = await send(s.base, { path: render(q) });
      expect(res.status, q).toBe(200);
      expect(res.headers['content-type'], q).toBe('image/webp');
    }
  });
});

describe('GET /api/canvases/active', () => {
  it('answers the active canvas whatever junk the request carries', async () => {
    const headers = {
      authorization: 'Bearer garbage',
      cookie: 'tessera_rt=%00; ;;',
      'x-forwarded-for': 'not an ip',
    };
    for (const path of [
      '/api/canvases/active?canvas_index=-1',
      '/api/canvases/active?a=1&a=2&a[]=3',
      `/api/canvases/active?${'q'.repeat(8000)}`,
    ]) {
      const res = await send(s.base, { path, headers });
      expect(res.status, path).toBe(200);
      expect(res.text, path).toBe(s.seed.canvases);
    }
  });
});

describe('GET /api/events', () => {
  it('opens a fresh stream (200) when Last-Event-ID is unusable', async () => {
    const ids = [
      'abc',
      '-5',
      '1e3',
      '1.5',
      '0x10',
      '99999999999999999999',
      '%00',
      'x'.repeat(4000),
      ' ',
      '\u00ff',
    ];
    for (const id of ids) {
      const res = await send(s.base, { path: '/api/events', headers: { 'last-event-id': id }, stream: true });
      expect(res.status, id).toBe(200);
      expect(res.headers['content-type'], id).toMatch(/^text\/event-stream/);
      expect(res.text, id).toMatch(/^retry: 3000\nid: \d+\n\n/);
    }
    for (const q of [
      'lastEventId=abc',
      'lastEventId=1&lastEventId=2',
      'lastEventId[]=1',
      `lastEventId=${'9'.repeat(30)}`,
    ]) {
      const res = await send(s.base, { path: `/api/events?${q}`, stream: true });
      expect(res.status, q).toBe(200);
      expect(res.text, q).toMatch(/^retry: 3000\nid: \d+\n\n/);
    }
  });
});

describe('wrong methods on the read-only routes', () => {
  it('answers each with a 4xx error body, never a handler', async () => {
    const paths = [
      '/api/canvases/active',
      `/api/pixels/canvas/${c}/board/${SEED_BOARD}`,
      `/api/pixels/available/random?canvas_index=${c}`,
      `/api/canvas-composite/canvas/${c}/render`,
      '/api/events',
      '/api/auth/me',
      '/api/auth/providers',
      '/api/csrf/csrf-token',
    ];
    for (const path of paths) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        // with a valid CSRF token: the refusal must come from the routing, not only from CSRF
        const res = await s.http.send({ method, path, body: { x: 1 } });
        expectSpecError(res, `${method} ${path}`);
      }
      expectSpecError(await send(s.base, { method: 'OPTIONS', path }), `OPTIONS ${path}`);
    }
  });
});

it('still serves every process and keeps the seeded data', async () => {
  await expectSurvived(s);
});
