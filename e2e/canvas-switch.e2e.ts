// The iteration hand-over in a real browser, with the /api scripted (page.route): an open /canvas page
// switches to the next canvas when `canvas:activated` arrives on /api/events (name, description and
// composite, no reload), shows the sold-out notice on `canvas:soldout`, and an open board editor of the
// previous canvas says so and goes back to /canvas; at 1280 px and 390 px.
import type { Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { CANVAS_SIZE } from '@tessera/facts/grid';
import { LIVE_EVENT, LIVE_EVENTS_PATH } from '@tessera/facts/live';
import { SIZES, screenshot, sharedBrowser, urlOf, withSignedOutPage } from './lib/browser.js';
import { imagePixel, skipTutorial, waitForCanvasOf, waitForImage } from './lib/canvas-page.js';
import { USER, scriptAuthApi, seedUser, type Handler } from './lib/scripted-auth.js';

const SIDE = CANVAS_SIZE;
const OLD = {
  canvas_index: 2,
  name: 'Harbour Lights',
  description: 'A harbour at dawn, painted one pixel at a time.',
  is_active: true,
  sold_out: false,
};
const NEXT = {
  canvas_index: 3,
  name: 'Northern Meadow',
  description: 'Wild flowers under a pale sky: the community voted it in.',
  is_active: true,
  sold_out: false,
};
const NEW_ARTWORK_TOAST = 'A new artwork is here: Northern Meadow';
const EDITOR_SWITCH_TOAST =
  'This artwork is complete and a new one is now featured. Taking you back to the canvas.';

const session = sharedBrowser();
const composites = new Map<number, Buffer>();

/** A whole-canvas PNG in one colour. */
const png = (rgb: [number, number, number]) =>
  sharp({
    create: { width: SIDE, height: SIDE, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();

beforeAll(async () => {
  const [a, b] = await Promise.all([png([0x36, 0x55, 0x8f]), png([0x4c, 0xa0, 0x3c])]);
  composites.set(2, a).set(3, b);
});

interface Scripted {
  /** What GET /api/canvases/active answers. */
  state: { active: Record<string, unknown> };
  /** Requests of the composite and the event stream, as "path?query". */
  seen: string[];
  /** Sends one event on the open (or next) /api/events request; the stream then waits 60 s to reconnect. */
  push(event: string, data: unknown): void;
}

async function scriptSwitch(page: Page, handlers: Record<string, Handler> = {}): Promise<Scripted> {
  const state = { active: OLD as Record<string, unknown> };
  await scriptAuthApi(page, {
    'GET /api/canvases/active': () => ({ status: 200, body: { success: true, data: [state.active] } }),
    ...handlers,
  });
  const seen: string[] = [];
  // registered after scriptAuthApi's catch-all, so these run first
  await page.route('**/api/canvas-composite/**', async (route: Route) => {
    const url = new URL(route.request().url());
    seen.push(`${url.pathname}${url.search}`);
    const index = Number(/canvas\/(\d+)\/render/.exec(url.pathname)?.[1]);
    await route.fulfill({
      status: 200,
      contentType: 'image/png',
      body: composites.get(index) ?? composites.get(2)!,
    });
  });
  const waiting: ((body: string) => void)[] = [];
  const queued: string[] = [];
  await page.route(
    (url) => url.pathname === LIVE_EVENTS_PATH,
    async (route: Route) => {
      seen.push(new URL(route.request().url()).pathname);
      const body = await new Promise<string>((resolve) => {
        const next = queued.shift();
        if (next !== undefined) resolve(next);
        else waiting.push(resolve);
      });
      const headers = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };
      await route.fulfill({ status: 200, headers, body }).catch(() => undefined);
    },
  );
  return {
    state,
    seen,
    push(event, data) {
      const body = `retry: 60000\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
      const open = waiting.shift();
      if (open) open(body);
      else queued.push(body);
    },
  };
}

describe.each(SIZES)('the next canvas at %s width', (label, viewport) => {
  it('switches an open canvas page to the next canvas without a reload, then shows the sold-out notice', async () => {
    await withSignedOutPage(session, viewport, async (page) => {
      const api = await scriptSwitch(page);
      await skipTutorial(page);
      await page.goto(urlOf('/canvas'));
      await page.getByRole('heading', { level: 1, name: OLD.name }).waitFor();
      await waitForImage(page, 'live');
      expect(await page.getByRole('status').filter({ hasText: 'Sold out!' }).count()).toBe(0);
      await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));

      // the submission service promoted the winner: the active canvas is the next one now
      api.state.active = NEXT;
      const started = Date.now();
      api.push(LIVE_EVENT.canvasActivated, { canvasIndex: 3, name: NEXT.name, previousCanvasIndex: 2 });
      await page.getByRole('heading', { level: 1, name: NEXT.name }).waitFor();
      await page.getByText(NEW_ARTWORK_TOAST).waitFor();
      await waitForCanvasOf(page, 'live', 3);
      await waitForImage(page, 'live');
      console.log(`${label}: canvas:activated to the next canvas shown in ${Date.now() - started} ms`);
      expect(await page.locator('.canvas-description').innerText()).toContain(
        'Wild flowers under a pale sky',
      );
      expect((await imagePixel(page, 'live', 600, 600)).slice(0, 3)).toEqual([0x4c, 0xa0, 0x3c]);
      expect(api.seen.some((s) => s.startsWith('/api/canvas-composite/canvas/3/render'))).toBe(true);
      expect(
        await page.evaluate(() => (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument),
      ).toBe(true);
      await screenshot(page, `canvas-switched-${label}`);

      // the new canvas sells out and no submission is waiting: the gallery keeps it and says so
      api.state.active = { ...NEXT, sold_out: true };
      api.push(LIVE_EVENT.canvasSoldOut, { canvasIndex: 3 });
      const notice = page.getByRole('status').filter({ hasText: 'Sold out!' });
      await notice.waitFor();
      expect(await notice.innerText()).toContain('Every pixel of this artwork has found its owner.');
      expect(await notice.getByRole('link', { name: 'Vote for the next artwork' }).getAttribute('href')).toBe(
        '/artist-selection',
      );
      await page.getByRole('heading', { level: 1, name: NEXT.name }).waitFor();
      await page.getByText(NEW_ARTWORK_TOAST).waitFor({ state: 'detached' });
      await screenshot(page, `canvas-sold-out-${label}`);
    });
  });

  it('takes an open board editor of the previous canvas back to /canvas, telling the user', async () => {
    await withSignedOutPage(session, viewport, async (page) => {
      const released: string[] = [];
      const api = await scriptSwitch(page, {
        'GET /api/boards/2/5/status': () => ({
          status: 200,
          body: {
            success: true,
            data: { isLocked: false, canLock: true, uiBoardIndex: 5, canvasIndex: 2, lock: null },
          },
        }),
        'DELETE /api/boards/2/5/lock': (r) => {
          released.push(r.path);
          return { status: 200, body: { success: true, released: true } };
        },
      });
      await skipTutorial(page);
      await seedUser(page, USER);
      await page.goto(urlOf('/canvas/art/5'));
      await page.getByRole('heading', { level: 1, name: 'Board 5' }).waitFor();
      await page.getByText('Lock the board to start editing').waitFor();
      await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));

      api.state.active = NEXT;
      api.push(LIVE_EVENT.canvasActivated, { canvasIndex: 3, name: NEXT.name, previousCanvasIndex: 2 });
      await page.getByText(EDITOR_SWITCH_TOAST).waitFor();
      await screenshot(page, `editor-canvas-switched-${label}`);
      await page.waitForURL((url) => url.pathname === '/canvas');
      await page.getByRole('heading', { level: 1, name: NEXT.name }).waitFor();
      expect(
        await page.evaluate(() => (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument),
      ).toBe(true);
    });
  });
});
