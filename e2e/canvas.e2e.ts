// The canvas page (/canvas) in a real browser with the API scripted (page.route): the composite image
// (a PNG made here with sharp), zoom by buttons and wheel, Live/Preview, hover highlight, the guest's
// sign-in dialog, a live `pixels` event drawn on the overlay, the pixel finder, the tutorial, the
// mobile drawer, and the error states.
import type { Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOARD_SIZE, CANVAS_SIZE } from '@tessera/facts/grid';
import { LIVE_EVENT, LIVE_EVENTS_PATH } from '@tessera/facts/live';
import { VIEWPORTS, sharedBrowser, openPage, screenshot, urlOf, type Viewport } from './lib/browser.js';
import {
  boardPoint,
  canvasPixel,
  hoverBoard,
  skipTutorial,
  stageBox,
  waitForImage,
  wheelZoom,
  zoomText,
} from './lib/canvas-page.js';

const SIDE = CANVAS_SIZE;
const CANVAS = { canvas_index: 2, name: 'Harbour Lights', is_active: true };
const DESCRIPTION =
  'A harbour at dawn, painted one pixel at a time by everyone who visits. Each board holds a small piece of the ' +
  'scene: boats, gulls, the lighthouse and the long shadows of the pier. Buy a pixel and become part of it.';
const USER = { id: 'u-1', username: 'ada', email: 'ada@example.com', needsUsernameSelection: false };

const session = sharedBrowser();
let livePng: Buffer;
let previewPng: Buffer;

/** The boards in two alternating colours (live) or one warm colour (preview). */
async function compositePng(a: [number, number, number], b: [number, number, number]): Promise<Buffer> {
  const raw = Buffer.alloc(SIDE * SIDE * 3);
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const c = (Math.floor(x / BOARD_SIZE) + Math.floor(y / BOARD_SIZE)) % 2 ? a : b;
      raw.set(c, (y * SIDE + x) * 3);
    }
  }
  return sharp(raw, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

beforeAll(async () => {
  [livePng, previewPng] = await Promise.all([
    compositePng([0x36, 0x55, 0x8f], [0xd4, 0xe4, 0xbc]),
    compositePng([0xf2, 0xc1, 0x4e], [0xf7, 0xe3, 0xaf]),
  ]);
});

interface Script {
  /** Requests seen, as "METHOD /path?query". */
  seen: string[];
  /** Sends one SSE body to the waiting /api/events request. */
  push(body: string): void;
}

interface ScriptOptions {
  activeStatus?: number;
  active?: unknown;
  renderStatus?: () => number;
}

const json = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

async function scriptApi(page: Page, options: ScriptOptions = {}): Promise<Script> {
  const seen: string[] = [];
  let push: (body: string) => void = () => {};
  const pushed = new Promise<string>((resolve) => (push = resolve));
  await page.route('**/api/**', async (route: Route) => {
    const url = new URL(route.request().url());
    const { pathname } = url;
    seen.push(`${route.request().method()} ${pathname}${url.search}`);
    if (pathname === '/api/canvases/active') {
      const body = options.active ?? { success: true, data: [{ ...CANVAS, description: DESCRIPTION }] };
      return route.fulfill(json(options.activeStatus ?? 200, body));
    }
    if (pathname === '/api/canvas-composite/canvas/2/render') {
      const status = options.renderStatus?.() ?? 200;
      if (status !== 200) return route.fulfill(json(status, { success: false }));
      const png = url.searchParams.get('preview') === 'true' ? previewPng : livePng;
      return route.fulfill({ status: 200, contentType: 'image/png', body: png });
    }
    if (pathname === LIVE_EVENTS_PATH) {
      const body = await pushed;
      return route
        .fulfill({
          status: 200,
          headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
          body,
        })
        .catch(() => undefined);
    }
    if (pathname.startsWith('/api/csrf/'))
      return route.fulfill(json(200, { success: true, data: { csrfToken: 'c', expiresIn: 3600 } }));
    if (pathname === '/api/auth/refresh-cookie') {
      return route.fulfill(json(200, { access_token: 'token-e2e', expires_in: 900, token_type: 'Bearer' }));
    }
    if (pathname === '/api/pixels/available/random') {
      return route.fulfill(
        json(200, {
          success: true,
          data: { board_index: 51, x: 3, y: 4, current_color: '#FFFFFF', default_color: '#AABBCC' },
          message: 'ok',
        }),
      );
    }
    if (pathname.startsWith('/api/pixels/canvas/2/board/'))
      return route.fulfill(json(200, { success: true, data: [] }));
    // the signed-in visitor's own pixels (outlined, issue 24): none
    if (pathname === '/api/pixels/canvas/2/mine')
      return route.fulfill(json(200, { success: true, data: { pixels: [] } }));
    // Board locks in the BFF's shapes (bff/src/boards/lock-json.ts): nobody holds a board.
    if (pathname === '/api/boards/locks' || pathname === '/api/boards/my-locks')
      return route.fulfill(json(200, { success: true, data: [] }));
    if (pathname === '/api/boards/my-current-lock')
      return route.fulfill(json(200, { success: true, hasLock: false, lock: null }));
    const status = /^\/api\/boards\/2\/(\d+)\/status$/.exec(pathname);
    if (status) {
      const data = {
        isLocked: false,
        canLock: true,
        uiBoardIndex: Number(status[1]),
        canvasIndex: 2,
        lock: null,
      };
      return route.fulfill(json(200, { success: true, data }));
    }
    return route.fulfill(json(404, { success: false }));
  });
  return { seen, push };
}

async function signIn(page: Page): Promise<void> {
  await page.addInitScript((user) => localStorage.setItem('tessera.auth.user', JSON.stringify(user)), USER);
}

/** Runs fn on a new page; fails on console errors other than the failed loads the test asked for. */
async function onPage(viewport: Viewport, fn: (page: Page) => Promise<void>, allowFailedLoads = false) {
  const handle = await openPage(session, viewport);
  try {
    await fn(handle.page);
    const errors = handle.errors.filter((e) => !(allowFailedLoads && e.includes('Failed to load resource')));
    expect(errors, 'console errors on the page').toEqual([]);
  } finally {
    // The browser profile is shared by the tests: leave no signed-in user behind.
    await handle.page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await handle.page.close();
  }
}

describe('canvas page, desktop', () => {
  it('shows the canvas, zooms, switches view, highlights, asks a guest to sign in and draws live pixels', async () => {
    await onPage(VIEWPORTS.desktop, async (page) => {
      const api = await scriptApi(page);
      await skipTutorial(page);
      await page.goto(urlOf('/canvas'));
      await page.getByRole('heading', { level: 1, name: 'Harbour Lights' }).waitFor();
      await waitForImage(page, 'live');

      // Description: cut at 150 characters with Read more / Show less.
      const description = page.locator('.canvas-description');
      expect(await description.innerText()).toContain('...');
      await description.getByRole('button', { name: 'Read more' }).click();
      expect(await description.innerText()).toContain('Buy a pixel and become part of it.');
      await description.getByRole('button', { name: 'Show less' }).click();

      // The other mode is preloaded in the background.
      await waitForImage(page, 'preview');
      expect(
        api.seen.some((s) => s.includes('/render?format=webp&scale=1&quality=95&grid=false&preview=true&t=')),
      ).toBe(true);

      // Zoom: buttons step 0.1, the wheel 0.001 per pixel of scrolling, reset.
      expect(await zoomText(page)).toBe('100%');
      await page.getByRole('button', { name: 'Zoom in' }).click();
      expect(await zoomText(page)).toBe('110%');
      await wheelZoom(page, -200, 130);
      await page.getByRole('button', { name: 'Zoom out' }).click();
      expect(await zoomText(page)).toBe('120%');
      await page.getByRole('button', { name: 'Reset' }).click();
      expect(await zoomText(page)).toBe('100%');

      // Alt + drag pans the view.
      const stage = await stageBox(page);
      const before = await page.locator('img.canvas-image.is-shown').boundingBox();
      await page.keyboard.down('Alt');
      await page.mouse.move(stage.x + 100, stage.y + 100);
      await page.mouse.down();
      await page.mouse.move(stage.x + 160, stage.y + 130, { steps: 4 });
      await page.mouse.up();
      await page.keyboard.up('Alt');
      const after = await page.locator('img.canvas-image.is-shown').boundingBox();
      expect(Math.round((after?.x ?? 0) - (before?.x ?? 0))).toBe(60);
      expect(Math.round((after?.y ?? 0) - (before?.y ?? 0))).toBe(30);
      await page.getByRole('button', { name: 'Reset' }).click();

      // Live / Preview.
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      expect(await page.locator('img.canvas-image.is-shown').getAttribute('data-mode')).toBe('preview');
      await page.locator('.canvas-stage__badge').waitFor();
      await screenshot(page, 'canvas-preview-desktop');
      await page.getByRole('button', { name: 'Live', exact: true }).click();
      expect(await page.locator('img.canvas-image.is-shown').getAttribute('data-mode')).toBe('live');

      // Hover highlights the board under the cursor, on the overlay canvas.
      const p26 = await hoverBoard(page, 26);
      const tint = await canvasPixel(
        page,
        'canvas.canvas-overlay',
        Math.round(p26.x - stage.x),
        Math.round(p26.y - stage.y),
      );
      expect(tint[3]).toBeGreaterThan(0);
      expect(tint[2]).toBeGreaterThan(tint[0] ?? 255);

      // A live `pixels` event is drawn on the live layer: board 26 = row 1, col 1; pixel (3, 4) -> (52, 53).
      const event = {
        canvasIndex: 2,
        boardIndex: 26,
        pixels: [{ x: 3, y: 4, color: '#ff00ff' }],
        committedAt: 1,
      };
      api.push(`retry: 600000\nid: 7\nevent: ${LIVE_EVENT.pixels}\ndata: ${JSON.stringify(event)}\n\n`);
      await page.waitForFunction(() => {
        const c = document.querySelector<HTMLCanvasElement>('canvas.canvas-live-layer');
        const d = c?.getContext('2d')?.getImageData(52, 53, 1, 1).data;
        return d?.[0] === 255 && d[1] === 0 && d[2] === 255;
      });
      expect(await canvasPixel(page, 'canvas.canvas-live-layer', 53, 53)).toEqual([0, 0, 0, 0]);
      await screenshot(page, 'canvas-desktop-hover');

      // A guest's click opens the sign-in dialog with reason board-edit.
      await page.mouse.click(p26.x, p26.y);
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Sign In to Edit' }).waitFor();
      await screenshot(page, 'canvas-guest-sign-in');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(new URL(page.url()).pathname).toBe('/canvas');

      // So does the pixel finder, with reason pixel-purchase.
      await page.getByRole('button', { name: 'Find a random available pixel' }).click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Sign In to Purchase' }).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      expect(api.seen.some((s) => s.startsWith('GET /api/pixels/available'))).toBe(false);
    });
  });

  it('a signed-in click opens the board; the pixel finder opens the found pixel with a highlight', async () => {
    await onPage(VIEWPORTS.desktop, async (page) => {
      const api = await scriptApi(page);
      await skipTutorial(page);
      await signIn(page);
      await page.goto(urlOf('/canvas'));
      await waitForImage(page, 'live');
      const p = await boardPoint(page, 30);
      await page.mouse.click(p.x, p.y);
      await page.waitForURL((url) => url.pathname === '/canvas/art/30');
      // The click asked whether board 30 is free; the signed-in page lists the active locks.
      expect(api.seen).toContain('GET /api/boards/2/30/status');
      expect(api.seen).toContain('GET /api/boards/locks');
      await page.goBack();
      await waitForImage(page, 'live');

      await page.getByRole('button', { name: 'Find a random available pixel' }).click();
      await page.getByText('Perfect spot found at 3,4!').waitFor();
      await page.waitForURL((url) => url.pathname === '/canvas/art/51' && url.search === '?highlight=3-4');
      expect(api.seen).toContain('GET /api/pixels/available/random?canvas_index=2');
    });
  });

  it('force refresh reloads the image and confirms', async () => {
    await onPage(VIEWPORTS.desktop, async (page) => {
      const api = await scriptApi(page);
      await skipTutorial(page);
      await page.goto(urlOf('/canvas'));
      await waitForImage(page, 'live');
      const renders = () => api.seen.filter((s) => s.includes('preview=false')).length;
      const count = renders();
      await page.getByRole('button', { name: 'Sync canvas updates' }).click();
      await page.getByText('Canvas refreshed').waitFor();
      expect(renders()).toBe(count + 1);
    });
  });

  it('shows the tutorial on the shared modal backdrop at 390 px; Escape skips it', async () => {
    await onPage(VIEWPORTS.mobile, async (page) => {
      await scriptApi(page);
      await page.goto(urlOf('/canvas'));
      const dialog = page.getByRole('dialog', { name: 'How to Start' });
      await dialog.waitFor();
      expect(await page.locator('.modal-backdrop.canvas-modal').count()).toBe(1);
      await screenshot(page, 'canvas-tutorial-mobile');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });
  });

  it('shows the tutorial once per session: Continue, Back, Start', async () => {
    await onPage(VIEWPORTS.desktop, async (page) => {
      await scriptApi(page);
      await page.goto(urlOf('/canvas'));
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'How to Start' }).waitFor();
      expect(await dialog.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
      await screenshot(page, 'canvas-tutorial-desktop');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog.getByRole('heading', { name: 'Become the Next Artist' }).waitFor();
      await dialog.getByRole('button', { name: 'Back' }).click();
      await dialog.getByRole('heading', { name: 'How to Start' }).waitFor();
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog.getByText('Have fun, Lean in').waitFor();
      await dialog.getByRole('button', { name: 'Start' }).click();
      expect(await page.getByRole('dialog').count()).toBe(0);
      const record = await page.evaluate(() =>
        JSON.parse(sessionStorage.getItem('tessera.canvas.tutorial') ?? '{}'),
      );
      expect(record).toMatchObject({ seen: true, skipped: false, version: '2.0.0' });
      await page.reload();
      await waitForImage(page, 'live');
      await page.waitForTimeout(1200);
      expect(await page.getByRole('dialog').count()).toBe(0);
    });
  });

  it('a failed image shows "Click to retry"; a failed canvas shows "Retry Loading"; none is the empty state', async () => {
    await onPage(
      VIEWPORTS.desktop,
      async (page) => {
        let renderStatus = 500;
        await scriptApi(page, { renderStatus: () => renderStatus });
        await skipTutorial(page);
        await page.goto(urlOf('/canvas'));
        const retry = page.getByRole('button', { name: /Click to retry/ });
        await retry.waitFor();
        await screenshot(page, 'canvas-image-error');
        renderStatus = 200;
        await retry.click();
        await waitForImage(page, 'live');
      },
      true,
    );
    await onPage(
      VIEWPORTS.desktop,
      async (page) => {
        await scriptApi(page, { activeStatus: 500, active: { success: false } });
        await page.goto(urlOf('/canvas'));
        await page.getByRole('button', { name: 'Retry Loading' }).waitFor();
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Failed to load canvas');
      },
      true,
    );
    await onPage(VIEWPORTS.desktop, async (page) => {
      await scriptApi(page, { active: { success: true, data: [] } });
      await page.goto(urlOf('/canvas'));
      await page.getByRole('heading', { level: 1, name: 'No active canvas found' }).waitFor();
    });
  });
});

describe('canvas page, mobile', () => {
  it('fits the canvas and keeps the tools in a drawer', async () => {
    await onPage(VIEWPORTS.mobile, async (page) => {
      await scriptApi(page);
      await skipTutorial(page);
      await page.goto(urlOf('/canvas'));
      await waitForImage(page, 'live');
      expect(await page.locator('aside.canvas-tools').count()).toBe(0);
      const fit = await page.locator('.canvas-stage').getAttribute('data-zoom');
      expect(Number(fit)).toBeGreaterThan(0.1);
      expect(Number(fit)).toBeLessThan(1);
      await screenshot(page, 'canvas-mobile');

      await page.getByRole('button', { name: 'Tools' }).click();
      const drawer = page.getByRole('dialog', { name: 'Canvas tools' });
      await drawer.getByRole('button', { name: 'Zoom in' }).click();
      const stepped = await page.locator('.canvas-stage').getAttribute('data-zoom');
      expect(Number(stepped)).toBeCloseTo(Number(fit) + 0.05, 3);
      await page.waitForTimeout(300);
      await screenshot(page, 'canvas-mobile-drawer');
      await drawer.getByRole('button', { name: 'Close' }).click();
      await page.waitForFunction(
        () => !document.querySelector('.canvas-drawer')?.classList.contains('is-open'),
      );
    });
  });
});
