// What a buyer meets (issue 24), in a real browser at 1280 px and 390 px with the API scripted
// (lib/buyer-scene.ts): the artist's design as a ghost on the canvas and in the editor, on and off
// (and the choice kept); a deep link /canvas?x=&y= that lands zoomed on its pixel; no element past
// the viewport at 390 px; and a purchase made with the keyboard alone, whose second purchase finds
// the billing address remembered.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Locator, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CANVAS_SIZE } from '@tessera/facts/grid';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  SIZES,
  VIEWPORTS,
  screenshot,
  sharedBrowser,
  urlOf,
  withPage,
} from './lib/browser.js';
import { screenPixel, screenPointOfComposite, waitForImage } from './lib/canvas-page.js';
import { dragCells, editorSettled } from './lib/editor-ui.js';
import {
  BOARD,
  DESIGN,
  SOLD,
  SOLD_COLOUR,
  SOLD_IN_BOARD,
  near,
  rgbOf,
  scriptScene,
} from './lib/buyer-scene.js';

const session = sharedBrowser();
const WHITE = [255, 255, 255];
/** The design at 30% over white, as canvas-scene/ghost.ts draws it. */
const GHOST = rgbOf(DESIGN).map((c) => Math.round(255 + (c - 255) * 0.3));
/** A pixel in the middle of board 2 (0-based row 0, col 2): unsold, away from the grid lines. */
const UNSOLD = { x: 2 * 49 + 24, y: 24 };

async function openCanvas(page: Page, query = ''): Promise<void> {
  await scriptScene(page);
  await page.goto(urlOf(`/canvas${query}`));
  await waitForImage(page, 'live');
  await waitForImage(page, 'preview');
}

/** Board 26's editor on the scripted scene, settled. */
async function openSceneEditor(page: Page): Promise<void> {
  await scriptScene(page);
  await page.goto(urlOf(`/canvas/art/${BOARD.boardIndex}`));
  await editorSettled(page, BOARD.boardIndex);
}

/** The ghost switch (inside the tools drawer on a phone). */
async function setCanvasGhost(page: Page, on: boolean, mobile: boolean): Promise<void> {
  if (mobile) await page.getByRole('button', { name: 'Tools' }).click();
  const box = page.getByRole('checkbox', { name: "Show the artist's design" });
  if (on) await box.check();
  else await box.uncheck();
  if (mobile)
    await page.getByRole('dialog', { name: 'Canvas tools' }).getByRole('button', { name: 'Close' }).click();
  await page.locator(`.canvas-stage[data-ghost="${on ? 'on' : 'off'}"]`).waitFor();
}

/** What the browser shows at composite pixel (cx, cy), once the images' fade has ended. */
async function shownAt(page: Page, cx: number, cy: number): Promise<number[]> {
  await page.waitForTimeout(400); // the 300 ms opacity transition
  return screenPixel(page, await screenPointOfComposite(page, cx, cy));
}

/** RGB of in-board pixel (x, y) on the editor's board canvas (2 device pixels a CSS pixel, 10 a cell). */
async function boardPixel(page: Page, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    ({ x, y }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('canvas.pixel-grid');
      const scale = (canvas?.width ?? 0) / 490;
      const data = canvas
        ?.getContext('2d')
        ?.getImageData((x * 10 + 5) * scale, (y * 10 + 5) * scale, 1, 1).data;
      return Array.from(data ?? []).slice(0, 3);
    },
    { x, y },
  );
}

/** Presses Tab until `target` has the focus (the keyboard user's way to a control). */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Elements whose box lies past the viewport's right or left edge (outside the pan and scroll areas). */
async function outsideViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const out: string[] = [];
    // Content may lie past the edge only inside what pans or scrolls it into view: the canvas and
    // board stages, and scrolling boxes. Anything else past the edge (even if an ancestor hides the
    // overflow) is cut off on the phone.
    const inPanOrScroll = (el: Element): boolean => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (a.matches('.canvas-stage, .board-stage')) return true;
        const { overflowX } = getComputedStyle(a);
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.closest('[inert], [aria-hidden="true"]')) continue;
      if ((r.right > vw + 0.5 || r.left < -0.5) && !inPanOrScroll(el)) {
        out.push(
          `${el.tagName.toLowerCase()}.${String(el.className)} ${Math.round(r.left)}..${Math.round(r.right)}`,
        );
      }
    }
    if (document.documentElement.scrollWidth > vw)
      out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${vw}`);
    return out;
  });
}

describe.each(SIZES)('the buyer at %s width', (label, viewport) => {
  const mobile = viewport.width < 768;

  it('canvas: the artist design shows faintly under unsold pixels, can be turned off, and the choice is kept', async () => {
    await withPage(session, viewport, async (page) => {
      await openCanvas(page);
      await page.locator('.canvas-stage[data-ghost="on"]').waitFor();
      const ghost = await shownAt(page, UNSOLD.x, UNSOLD.y);
      expect(near(ghost, GHOST), `ghost ${ghost.join(',')} vs ${GHOST.join(',')}`).toBe(true);
      await screenshot(page, `buyer-canvas-ghost-on-${label}`);

      await setCanvasGhost(page, false, mobile);
      const plain = await shownAt(page, UNSOLD.x, UNSOLD.y);
      expect(near(plain, WHITE), `no ghost ${plain.join(',')}`).toBe(true);
      await screenshot(page, `buyer-canvas-ghost-off-${label}`);

      // Kept across a reload; Preview still shows the design fully.
      await page.reload();
      await waitForImage(page, 'preview');
      await page.locator('.canvas-stage[data-ghost="off"]').waitFor();
      if (mobile) await page.getByRole('button', { name: 'Tools' }).click();
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      if (mobile)
        await page
          .getByRole('dialog', { name: 'Canvas tools' })
          .getByRole('button', { name: 'Close' })
          .click();
      const preview = await shownAt(page, UNSOLD.x, UNSOLD.y);
      expect(near(preview, rgbOf(DESIGN)), `preview ${preview.join(',')}`).toBe(true);
      await page.evaluate(() => localStorage.removeItem('tessera.ghost'));
    });
  });

  it('editor: unbought pixels show the artist colour faintly, bought ones their own, and the ghost turns off', async () => {
    await withPage(session, viewport, async (page) => {
      await openSceneEditor(page);
      await page.locator('canvas.pixel-grid[data-ghost="on"]').waitFor();
      expect(near(await boardPixel(page, 3, 3), GHOST)).toBe(true);
      expect(near(await boardPixel(page, SOLD_IN_BOARD.x, SOLD_IN_BOARD.y), rgbOf(SOLD_COLOUR))).toBe(true);
      await screenshot(page, `buyer-editor-ghost-on-${label}`);
      await page.getByRole('checkbox', { name: "Show the artist's design" }).uncheck();
      await page.locator('canvas.pixel-grid[data-ghost="off"]').waitFor();
      expect(near(await boardPixel(page, 3, 3), WHITE)).toBe(true);
      expect(near(await boardPixel(page, SOLD_IN_BOARD.x, SOLD_IN_BOARD.y), rgbOf(SOLD_COLOUR))).toBe(true);
      await screenshot(page, `buyer-editor-ghost-off-${label}`);
      await page.evaluate(() => localStorage.removeItem('tessera.ghost'));
    });
  });

  it('a deep link /canvas?x=&y= opens zoomed on the pixel, marked, at 8 screen pixels or more', async () => {
    await withPage(session, viewport, async (page) => {
      await openCanvas(page, `?x=${SOLD.x}&y=${SOLD.y}`);
      await page.locator(`[data-marked-pixel="${SOLD.x},${SOLD.y}"]`).waitFor();
      await page.getByText(`Pixel ${SOLD.x}, ${SOLD.y}`).waitFor();
      const img = await page.locator('img.canvas-image[data-mode="live"]').boundingBox();
      const stage = await page.locator('.canvas-stage').boundingBox();
      if (!img || !stage) throw new Error('no image or stage');
      const pixelPx = img.width / CANVAS_SIZE;
      console.log(`[e2e] ${label}: a deep-linked pixel is ${pixelPx.toFixed(1)} screen px`);
      expect(pixelPx).toBeGreaterThanOrEqual(8);
      // The pixel is in the middle of the stage, and it is the sold colour there.
      const at = await screenPointOfComposite(page, SOLD.x, SOLD.y);
      expect(Math.abs(at.x - (stage.x + stage.width / 2))).toBeLessThan(pixelPx);
      expect(Math.abs(at.y - (stage.y + stage.height / 2))).toBeLessThan(pixelPx);
      expect(near(await screenPixel(page, at), rgbOf(SOLD_COLOUR), 6)).toBe(true);
      await screenshot(page, `buyer-deep-link-${label}`);
    });
  });

  it('buys with the keyboard alone: cursor, select, colour, pay; the second purchase remembers the address', async () => {
    await withPage(session, viewport, async (page) => {
      await openSceneEditor(page);
      const header = page.locator('header.editor__header');

      await tabTo(page, header.getByRole('button', { name: 'Lock', exact: true }));
      await page.keyboard.press('Enter');
      const toast = page.locator('.toast').filter({ hasText: 'Board locked successfully' });
      await toast.waitFor();
      // The toast sits below the header: it covers neither the timer nor Unlock (nor, on a phone, the header).
      const [toastBox, headerBox] = [await toast.boundingBox(), await header.boundingBox()];
      expect(toastBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
      await screenshot(page, `buyer-editor-locked-toast-${label}`);

      const board = page.getByRole('application', { name: /^Board 26/ });
      await tabTo(page, board);
      for (const key of ['ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
      await page.keyboard.press('Shift+ArrowRight');
      await page.locator('.board-stage[data-cursor="2-1"]').waitFor();
      await page.keyboard.press('Enter');
      const colour = page.getByRole('dialog', { name: 'Colour 2 pixels' });
      await colour.waitFor();
      await tabTo(page, colour.getByRole('button', { name: 'Apply' }));
      await page.keyboard.press('Enter');
      await colour.waitFor({ state: 'detached' });

      // One price story: the editor shows the estimate with tax (2 x 1.00 + 0.36 fee + 0.16 tax), marked.
      const pay = header.getByRole('button', { name: /^Pay \$/ });
      expect(await pay.innerText()).toBe('Pay $2.52 est.');
      await tabTo(page, pay);
      await page.keyboard.press('Enter');
      const modal = page.getByRole('dialog', { name: 'Complete Your Purchase' });
      await modal.getByText('Billing Information').waitFor();
      // Behind the open modal the button waits; it does not say "Saving...".
      expect(await pay.innerText()).toBe('Pay $2.52 est.');
      expect(await pay.isDisabled()).toBe(true);

      await tabTo(page, modal.getByLabel('Address line 1'));
      await page.keyboard.type('1 Main St');
      await tabTo(page, modal.getByLabel('City'));
      await page.keyboard.type('Albany');
      await tabTo(page, modal.getByLabel('State'));
      await page.keyboard.type('NY');
      await tabTo(page, modal.getByLabel('ZIP code'));
      await page.keyboard.type('12207');
      // What changed from the estimate, said once the address is known.
      await modal
        .getByText('New York, NY tax is 8.88%, not the estimated 8%: your total went up from $2.52 to $2.54.')
        .waitFor();
      await tabTo(page, modal.getByLabel('Card number'));
      await page.keyboard.type('4242 4242 4242 4242');
      await tabTo(page, modal.getByLabel('Expiry (MM / YY)'));
      await page.keyboard.type('1234');
      await tabTo(page, modal.getByLabel('CVC'));
      await page.keyboard.type('123');
      await screenshot(page, `buyer-payment-modal-${label}`);
      await tabTo(page, modal.getByRole('button', { name: 'Pay $2.54' }));
      await page.keyboard.press('Enter');
      await page.getByText('Payment successful! It may take 60 seconds to reflect on the canvas.').waitFor();
      await modal.waitFor({ state: 'detached' });
      await header.getByRole('button', { name: 'Saved' }).waitFor();

      // A second purchase in the same session: the address is there already.
      await tabTo(page, board);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await colour.or(page.getByRole('dialog', { name: 'Colour 1 pixel' })).waitFor();
      const one = page.getByRole('dialog', { name: 'Colour 1 pixel' });
      await tabTo(page, one.getByRole('button', { name: 'Apply' }));
      await page.keyboard.press('Enter');
      await tabTo(page, header.getByRole('button', { name: /^Pay \$/ }));
      await page.keyboard.press('Enter');
      await modal.getByText('Billing Information').waitFor();
      expect(await modal.getByLabel('Address line 1').inputValue()).toBe('1 Main St');
      expect(await modal.getByLabel('ZIP code').inputValue()).toBe('12207');
      await modal.getByText(/^New York, NY tax is 8\.88%/).waitFor();
    });
  });
});

describe('the phone (390 px)', () => {
  it('puts no element past the viewport: canvas, editor unlocked, locked with its menu, artist selection', async () => {
    await withPage(session, VIEWPORTS.mobile, async (page) => {
      await openCanvas(page);
      expect(await outsideViewport(page), 'canvas').toEqual([]);
      await page.goto(urlOf(`/canvas/art/${BOARD.boardIndex}`));
      await editorSettled(page, BOARD.boardIndex);
      expect(await outsideViewport(page), 'editor unlocked').toEqual([]);
      await page.locator('.editor-header__lock').getByRole('button', { name: 'Lock', exact: true }).click();
      await page.getByRole('button', { name: 'Unlock' }).waitFor();
      // Pixels to buy: the header's Pay button carries the longest label.
      await dragCells(page, [1, 1], [4, 3]);
      const colour = page.getByRole('dialog', { name: 'Colour 12 pixels' });
      await colour.getByRole('radio', { name: /Choose your own colour/ }).click();
      await colour.getByRole('button', { name: 'Apply' }).click();
      await colour.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /^Pay \$/ }).waitFor();
      expect(await outsideViewport(page), 'editor locked, pixels to buy').toEqual([]);
      await page.getByRole('button', { name: 'Editor menu' }).click();
      await page.locator('#editor-menu').waitFor();
      expect(await outsideViewport(page), 'editor locked, menu open').toEqual([]);
      await screenshot(page, 'buyer-editor-menu-mobile');
      await page.goto(urlOf('/artist-selection'));
      await page.getByRole('heading', { level: 1, name: 'Artist Selection' }).waitFor();
      expect(await outsideViewport(page), 'artist selection').toEqual([]);
    });
  });

  it('shows touch hints, not mouse and keyboard ones, on a touch screen', async () => {
    // A touch screen: a browser of its own, launched with touch (the shared one is a mouse's).
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-touch-'));
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: VIEWPORTS.mobile,
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    try {
      expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
      await openSceneEditor(page);
      await page.locator('.editor-header__lock').getByRole('button', { name: 'Lock', exact: true }).click();
      await page.getByRole('button', { name: 'Unlock' }).waitFor();
      const hints = await page.locator('.editor-hints ul').innerText();
      expect(hints).toContain('Drag to select pixels');
      for (const desktop of ['Hold Ctrl/Cmd', 'Scroll to zoom', 'Alt + drag to pan'])
        expect(hints).not.toContain(desktop);
      await page.getByRole('button', { name: 'Pan', pressed: false }).waitFor();
      await screenshot(page, 'buyer-editor-touch-hints-mobile');
    } finally {
      await context.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
