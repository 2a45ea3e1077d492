// The timelapse and the gallery of past canvases in a real browser on the real services. The test runs
// its own whole stack (testing/trust-stack.ts), seeded before it starts with a canvas by the artist
// "Ada Lovelace" whose every pixel is sold but four (testing/canvas-seed.ts, seedNearlySoldOut;
// the seeded sales carry no sale time, so the replay shows only real purchases). Buyers then buy
// the four through the purchase flow (lock, intent, sandbox card, save), one order each, the second in
// a custom colour: the canvas sells out. At 1280 px and 390 px:
// - /canvas/timelapse?canvas=N plays from the first purchase to the last (label and pixels at the end,
//   blank before the first), and the slider works from the keyboard (Home, End, arrows);
// - /gallery lists the sold-out canvas with its artist, dates, pixels sold and the artist's 70% of the
//   four orders' pixel sales ($5.00 -> $3.50, from the payment service's ledger), and links to its
//   timelapse. No element is wider than the viewport.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardOrigin, TOTAL_PIXELS } from '@tessera/facts/grid';
import { tempDir } from '@tessera/kit/testing';
import { buyPixels } from '../testing/purchase-flow.mjs';
import { startTrustStack, type TrustStack } from '../testing/trust-stack.js';
import { seedNearlySoldOut } from '../testing/canvas-seed.js';
import { apiOf, register, type Rgb } from '../testing/user-flow.js';
import { SIZES, launchBrowser, openPage, screenshot, type BrowserSession } from './lib/browser.js';
import { skipTutorial } from './lib/canvas-page.js';

const ART = {
  name: 'Harbour at Dusk',
  description: 'A harbour, one pixel at a time.',
  artist: 'Ada Lovelace',
};
const HARBOUR: Rgb = [0x36, 0x55, 0x8f];
const RED: Rgb = [0xff, 0x00, 0x00];
const WHITE: Rgb = [255, 255, 255];
/** The four pixels left, in the order they are bought: board, x, y, custom colour. */
const ORDERS = [
  { board: 20, x: 1, y: 1 },
  { board: 300, x: 5, y: 5, color: '#FF0000' },
  { board: 301, x: 0, y: 48 },
  { board: 624, x: 48, y: 48 },
] as const;
const canvasPoint = (o: { board: number; x: number; y: number }) => ({
  x: boardOrigin(o.board).x + o.x,
  y: boardOrigin(o.board).y + o.y,
});

const tmp = tempDir('tessera-e2e-timelapse-');
let stack: TrustStack;
let session: BrowserSession;
let canvas = 0;

beforeAll(async () => {
  canvas = await seedNearlySoldOut(tmp.dir, {
    ...ART,
    colour: '36558F',
    left: ORDERS.map((o) => [o.board, o.x, o.y] as const),
  });
  stack = await startTrustStack({ dataDir: tmp.dir });
  // a buyer per order: a user holds one board lock at a time
  for (const [i, o] of ORDERS.entries())
    await buyPixels(apiOf(await register(stack.bffUrl, `painter${i}`)), {
      canvas,
      board: o.board,
      pixels: [{ x: o.x, y: o.y, ...('color' in o ? { color: o.color } : {}) }],
    });
  session = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await session?.close();
  await stack?.close();
  tmp.cleanup();
});

/** The replay canvas's colour at a canvas point. */
function replayPixel(page: Page, p: { x: number; y: number }): Promise<number[]> {
  return page.evaluate(({ x, y }) => {
    const el = document.querySelector<HTMLCanvasElement>('canvas.timelapse__canvas')!;
    return [...el.getContext('2d')!.getImageData(x, y, 1, 1).data.slice(0, 3)];
  }, p);
}

async function expectNoOverflow(page: Page, width: number, what: string): Promise<void> {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide, `${what}: page is ${wide} px wide`).toBeLessThanOrEqual(width);
}

describe('timelapse and gallery on the real stack, at 1280 px and 390 px', () => {
  it('plays the purchases from the first to the last, and scrubs from the keyboard', async () => {
    for (const [label, viewport] of SIZES) {
      const { page } = await openPage(session, viewport);
      await page.goto(`${stack.bffUrl}/canvas/timelapse?canvas=${canvas}`);
      await page.getByRole('heading', { level: 1, name: ART.name }).waitFor();
      const status = page.getByTestId('timelapse-label');
      await status.filter({ hasText: 'Start · 0 of 4 purchases' }).waitFor();
      for (const o of ORDERS) expect(await replayPixel(page, canvasPoint(o))).toEqual(WHITE);
      await screenshot(page, `timelapse-start-${label}`);

      await page.getByLabel('Speed').selectOption('8');
      const started = Date.now();
      await page.getByRole('button', { name: 'Play' }).click();
      await status.filter({ hasText: /^Purchase 4 of 4 · / }).waitFor({ timeout: 30_000 });
      console.log(`${label}: replay of 4 purchases played to the end in ${Date.now() - started} ms`);
      await page.getByRole('button', { name: 'Replay' }).waitFor();
      expect(await replayPixel(page, canvasPoint(ORDERS[0]))).toEqual(HARBOUR);
      expect(await replayPixel(page, canvasPoint(ORDERS[1]))).toEqual(RED);
      expect(await replayPixel(page, canvasPoint(ORDERS[3]))).toEqual(HARBOUR);
      await expectNoOverflow(page, viewport.width, `timelapse ${label}`);
      await screenshot(page, `timelapse-end-${label}`);

      // the slider from the keyboard: Home -> before the first purchase, Right -> the first one only
      const slider = page.getByRole('slider', { name: 'Position' });
      await slider.focus();
      await page.keyboard.press('Home');
      await status.filter({ hasText: 'Start · 0 of 4 purchases' }).waitFor();
      expect(await replayPixel(page, canvasPoint(ORDERS[0]))).toEqual(WHITE);
      await page.keyboard.press('ArrowRight');
      await status.filter({ hasText: /^Purchase 1 of 4 · / }).waitFor();
      expect(await replayPixel(page, canvasPoint(ORDERS[0]))).toEqual(HARBOUR);
      expect(await replayPixel(page, canvasPoint(ORDERS[1]))).toEqual(WHITE);
      await page.keyboard.press('End');
      await status.filter({ hasText: /^Purchase 4 of 4 · / }).waitFor();
      await page.close();
    }
  }, 180_000);

  it('lists the sold-out canvas in the gallery with its artist, dates, pixels sold and 70%', async () => {
    for (const [label, viewport] of SIZES) {
      const { page } = await openPage(session, viewport);
      await skipTutorial(page);
      await page.goto(`${stack.bffUrl}/canvas`);
      await page.getByRole('link', { name: 'Past canvases' }).click();
      await page.getByRole('heading', { level: 1, name: 'Past canvases' }).waitFor();
      const card = page.locator(`article.gallery-card[data-canvas="${canvas}"]`);
      await card.waitFor();
      const text = await card.innerText();
      expect(text).toContain(ART.name);
      expect(text).toContain(ART.artist);
      expect(text).toContain(
        `${TOTAL_PIXELS.toLocaleString('en-US')} of ${TOTAL_PIXELS.toLocaleString('en-US')}`,
      );
      expect(text).toMatch(/Sold out\s+\w+ \d+, \d{4}/);
      expect(await card.getByTestId('artist-share').innerText()).toBe('$3.50');
      await card.locator('img').evaluate((img: HTMLImageElement) =>
        img.complete && img.naturalWidth > 0
          ? undefined
          : new Promise((resolve, reject) => {
              img.addEventListener('load', resolve, { once: true });
              img.addEventListener('error', reject, { once: true });
            }),
      );
      await expectNoOverflow(page, viewport.width, `gallery ${label}`);
      await screenshot(page, `gallery-${label}`);
      await card.getByRole('link', { name: `Watch the timelapse of ${ART.name}` }).click();
      await page.getByTestId('timelapse-label').filter({ hasText: 'Start · 0 of 4 purchases' }).waitFor();
      expect(page.url()).toContain(`/canvas/timelapse?canvas=${canvas}`);
      await page.close();
    }
  }, 120_000);
});
