// The iteration hand-over in a real browser on the real services, nothing scripted. The test runs its
// own whole stack as `npm start` does (testing/trust-stack.ts: the built processes with service
// identity, on free ports), because it must seed a canvas that is nearly sold out: before the stack
// starts, the canvas store gets a test canvas with every pixel sold but one (testing/canvas-seed.ts,
// seedNearlySoldOut). Two /canvas pages are open, at 1280 px and at 390 px:
// 1. the last pixel is bought through the purchase flow (lock, intent, sandbox card, save) while no
//    submission is waiting: both pages show the sold-out notice without a reload, and the gallery
//    keeps the canvas (`/api/canvases/active` says sold out);
// 2. an artist submits an artwork through the upload flow, voters vote, and an operator runs
//    `promote` (the CLI, signed as `ops`): both pages switch to the new canvas without a reload (its
//    name, the toast, the composite of the new canvas with the artwork's colours).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '@tessera/kit/testing';
import { buyPixels } from '../testing/purchase-flow.mjs';
import { startTrustStack, type TrustStack } from '../testing/trust-stack.js';
import { seedNearlySoldOut } from '../testing/canvas-seed.js';
import {
  apiOf,
  imageFile,
  json,
  register,
  runOps,
  submit,
  vote,
  type Rgb,
  type User,
} from '../testing/user-flow.js';
import {
  SIZES,
  launchBrowser,
  openPage,
  screenshot,
  type BrowserSession,
  type PageHandle,
} from './lib/browser.js';
import { imagePixel, skipTutorial, waitForCanvasOf, waitForImage } from './lib/canvas-page.js';

const FIRST = { name: 'Harbour Lights', description: 'A harbour at dawn, painted one pixel at a time.' };
const NEXT = {
  name: 'Northern Meadow',
  description: 'Wild flowers under a pale sky: the community voted it in.',
};
const HARBOUR: Rgb = [0x36, 0x55, 0x8f];
const MEADOW: Rgb = [70, 160, 60];
const SKY: Rgb = [150, 190, 240];
/** The page shows webp at quality 95 (near-lossless): a channel may be off by a little. */
const TOLERANCE = 8;
/** Bounds a hang only (sell-out, hand-over, event, new composite); the time is printed. */
const SWITCH_BOUND_MS = 60_000;

const tmp = tempDir('tessera-e2e-handover-');
let stack: TrustStack;
let session: BrowserSession;
let first = 0;
let buyer: User;
let ada: User;
const pages: { label: string; handle: PageHandle }[] = [];

beforeAll(async () => {
  first = await seedNearlySoldOut(tmp.dir, { ...FIRST, colour: '36558F', left: [[20, 1, 1]] });
  const started = Date.now();
  stack = await startTrustStack({ dataDir: tmp.dir });
  console.log(`own stack serving in ${Date.now() - started} ms`);
  buyer = await register(stack.bffUrl, 'buyer');
  ada = await register(stack.bffUrl, 'ada');
  session = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await session?.close();
  await stack?.close();
  tmp.cleanup();
});

const page = (label: string): Page => pages.find((p) => p.label === label)!.handle.page;
const notice = (p: Page) => p.getByRole('status').filter({ hasText: 'Sold out!' });
const sameDocument = (p: Page) =>
  p.evaluate(() => (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument === true);

function expectClose(got: number[], want: Rgb, what: string): void {
  const off = Math.max(...want.map((v, i) => Math.abs((got[i] ?? -999) - v)));
  expect(off, `${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`).toBeLessThanOrEqual(
    TOLERANCE,
  );
}

describe('the hand-over on the real stack, in open /canvas pages at 1280 px and 390 px', () => {
  it('shows the sold-out notice without a reload when no submission is waiting', async () => {
    for (const [label, viewport] of SIZES) {
      const handle = await openPage(session, viewport);
      pages.push({ label, handle });
      await skipTutorial(handle.page);
      await handle.page.goto(`${stack.bffUrl}/canvas`);
      await handle.page.getByRole('heading', { level: 1, name: FIRST.name }).waitFor();
      await waitForImage(handle.page, 'live');
      // every pixel but one was sold in the artist's colour
      expectClose(await imagePixel(handle.page, 'live', 612, 612), HARBOUR, `${label} live`);
      expect(await notice(handle.page).count()).toBe(0);
      await handle.page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
    }

    const started = Date.now();
    await buyPixels(apiOf(buyer), { canvas: first, board: 20, pixels: [{ x: 1, y: 1 }] });
    for (const { label } of pages) {
      const p = page(label);
      await notice(p).waitFor({ timeout: SWITCH_BOUND_MS });
      console.log(`${label}: last pixel saved -> sold-out notice shown in ${Date.now() - started} ms`);
      expect(await notice(p).innerText()).toContain('Every pixel of this artwork has found its owner.');
      expect(
        await notice(p).getByRole('link', { name: 'Vote for the next artwork' }).getAttribute('href'),
      ).toBe('/artist-selection');
      await p.getByRole('heading', { level: 1, name: FIRST.name }).waitFor();
      expect(await sameDocument(p)).toBe(true);
      await screenshot(p, `handover-stack-sold-out-${label}`);
    }
    const active = json(await buyer.http.get('/api/canvases/active')).data[0] as Record<string, unknown>;
    expect(active).toMatchObject({ canvas_index: first, name: FIRST.name, sold_out: true });
  }, 120_000);

  it('switches both pages to the promoted artwork without a reload', async () => {
    // 600 x 600: meadow below, sky above; a square artwork fills the whole canvas
    const id = await submit(ada, {
      title: NEXT.name,
      description: NEXT.description,
      ...(await imageFile('meadow.png', 600, 600, (_x, y) => (y < 300 ? SKY : MEADOW))),
    });
    expect(await vote(buyer, id, 1)).toBe(1);

    const started = Date.now();
    const { code, out, err } = await runOps(stack, 'promote', '--operator', 'maria');
    expect(code, `${out}\n${err}`).toBe(0);
    const next = Number(/canvas (\d+) is now the active canvas/.exec(out)?.[1]);
    expect(next).toBeGreaterThan(first);

    // both pages at once: the toast does not stay for ever
    await Promise.all(
      pages.map(async ({ label }) => {
        const p = page(label);
        await p.getByRole('heading', { level: 1, name: NEXT.name }).waitFor({ timeout: SWITCH_BOUND_MS });
        await p.getByText(`A new artwork is here: ${NEXT.name}`).waitFor();
        await waitForCanvasOf(p, 'live', next);
      }),
    );
    for (const { label } of pages) {
      const p = page(label);
      await waitForImage(p, 'live');
      console.log(`${label}: promote -> new canvas shown in ${Date.now() - started} ms`);
      // nothing of it is sold yet: live is white, the preview shows the artist's colours
      expectClose(await imagePixel(p, 'live', 612, 612), [255, 255, 255], `${label} live`);
      if (label === 'mobile') {
        // the tools live in a drawer on a phone
        await p.getByRole('button', { name: 'Tools' }).click();
        const drawer = p.getByRole('dialog', { name: 'Canvas tools' });
        await drawer.getByRole('button', { name: 'Preview', exact: true }).click();
        await drawer.getByRole('button', { name: 'Close' }).click();
      } else {
        await p.getByRole('button', { name: 'Preview', exact: true }).click();
      }
      await waitForCanvasOf(p, 'preview', next);
      await waitForImage(p, 'preview');
      expectClose(await imagePixel(p, 'preview', 612, 200), SKY, `${label} sky`);
      expectClose(await imagePixel(p, 'preview', 612, 1000), MEADOW, `${label} meadow`);
      expect(await p.locator('.canvas-description').innerText()).toContain('Wild flowers under a pale sky');
      expect(await notice(p).count()).toBe(0);
      expect(await sameDocument(p)).toBe(true);
      await screenshot(p, `handover-stack-switched-${label}`);
    }
    for (const { label, handle } of pages) {
      expect(handle.errors, `console errors on the ${label} page`).toEqual([]);
      await handle.page.close();
    }
  }, 180_000);
});
