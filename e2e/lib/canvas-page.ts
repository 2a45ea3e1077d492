// Helpers for browser tests of the canvas page (/canvas): the tutorial, the composite images, wheel
// zoom and board hover, and reading back what the page's canvases and images hold.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { BOARDS_PER_SIDE, CANVAS_SIZE, boardPosition, canvasPixelOf } from '@tessera/facts/grid';

export type ViewMode = 'live' | 'preview';
export type Point = { x: number; y: number };

/** Marks the first-visit tutorial as skipped for this session before the page loads. */
export async function skipTutorial(page: Page): Promise<void> {
  await page.addInitScript(() => {
    sessionStorage.setItem(
      'tessera.canvas.tutorial',
      JSON.stringify({ seen: true, timestamp: Date.now(), version: '2.0.0', skipped: true }),
    );
  });
}

export const imageSrc = (page: Page, mode: ViewMode) =>
  page.locator(`img.canvas-image[data-mode="${mode}"]`).getAttribute('src');

/** Waits until the mode's whole-canvas composite (CANVAS_SIZE square) is loaded (and, given `notSrc`, is a newer one). */
export async function waitForImage(page: Page, mode: ViewMode, notSrc?: string | null): Promise<void> {
  await page.waitForFunction(
    ({ mode, notSrc, size }) => {
      const img = document.querySelector<HTMLImageElement>(`img.canvas-image[data-mode="${mode}"]`);
      if (!img || (notSrc && img.getAttribute('src') === notSrc)) return false;
      return img.complete && img.naturalWidth === size && img.naturalHeight === size;
    },
    { mode, notSrc: notSrc ?? null, size: CANVAS_SIZE },
  );
}

/** Waits until the mode's composite image is the one of canvas `canvasIndex` (its URL names the canvas). */
export async function waitForCanvasOf(page: Page, mode: ViewMode, canvasIndex: number): Promise<void> {
  await page.waitForFunction(
    ({ mode, canvasIndex }) =>
      document
        .querySelector(`img.canvas-image[data-mode="${mode}"]`)
        ?.getAttribute('src')
        ?.includes(`/canvas/${canvasIndex}/`) === true,
    { mode, canvasIndex },
  );
}

/** The zoom percentage the tools show, e.g. "100%". */
export const zoomText = (page: Page) => page.getByLabel('Zoom level').innerText();

/** The canvas stage's box on screen (the area the image is shown and zoomed in). */
export async function stageBox(page: Page): Promise<Point & { width: number; height: number }> {
  const box = await page.locator('.canvas-stage').boundingBox();
  if (!box) throw new Error('no stage');
  return box;
}

async function stageCentre(page: Page): Promise<Point> {
  const box = await stageBox(page);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Turns the mouse wheel by `deltaY` (negative zooms in) over `at`, by default the stage's centre, and
 * waits until the zoom tools show `percent`%.
 */
export async function wheelZoom(page: Page, deltaY: number, percent: number, at?: Point): Promise<void> {
  const { x, y } = at ?? (await stageCentre(page));
  await page.mouse.move(x, y);
  await page.mouse.wheel(0, deltaY);
  await page.waitForFunction(
    (want) => document.querySelector('output.zoom-controls__value')?.textContent === want,
    `${percent}%`,
  );
}

/** RGBA of one pixel of a 2D canvas of the page (the overlay, the live layer). */
export async function canvasPixel(page: Page, selector: string, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    ({ selector, x, y }) => {
      const canvas = document.querySelector<HTMLCanvasElement>(selector);
      return Array.from(canvas?.getContext('2d')?.getImageData(x, y, 1, 1).data ?? []);
    },
    { selector, x, y },
  );
}

/** RGBA of one pixel of the loaded composite image of a mode, read back through a 2D canvas. */
export async function imagePixel(page: Page, mode: ViewMode, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    ({ mode, x, y }) => {
      const img = document.querySelector<HTMLImageElement>(`img.canvas-image[data-mode="${mode}"]`);
      if (!img) return [];
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const ctx = c.getContext('2d', { willReadFrequently: true });
      ctx?.drawImage(img, 0, 0);
      return Array.from(ctx?.getImageData(x, y, 1, 1).data ?? []);
    },
    { mode, x, y },
  );
}

/** The screen point at the centre of board `index`, from the shown image's box. */
export async function boardPoint(page: Page, index: number): Promise<Point> {
  const box = await page.locator('img.canvas-image.is-shown').boundingBox();
  if (!box) throw new Error('no image shown');
  const cell = box.width / BOARDS_PER_SIDE;
  const { row, col } = boardPosition(index);
  return { x: box.x + (col + 0.5) * cell, y: box.y + (row + 0.5) * cell };
}

/** Waits until the stage marks board `index` as the one under the mouse (null: none is). */
export async function waitForHoverBoard(page: Page, index: number | null): Promise<void> {
  await page.waitForFunction(
    (want) => document.querySelector('.canvas-stage')?.getAttribute('data-hover-board') === want,
    index === null ? '' : String(index),
  );
}

/** The centre of board `index`, once the mouse is moved there and the stage marks the board hovered. */
export async function hoverBoard(page: Page, index: number): Promise<Point> {
  const p = await boardPoint(page, index);
  await page.mouse.move(p.x, p.y);
  await waitForHoverBoard(page, index);
  return p;
}

/** Where pixel (x, y) of board `board` sits in the whole-canvas composite. */
export function compositeOf(board: number, x: number, y: number): { cx: number; cy: number } {
  const { x: cx, y: cy } = canvasPixelOf(board, x, y);
  return { cx, cy };
}

/** The screen point at the centre of composite pixel (cx, cy) in the shown image. */
export async function screenPointOfComposite(
  page: Page,
  cx: number,
  cy: number,
): Promise<{ x: number; y: number }> {
  const box = await page.locator('img.canvas-image.is-shown').boundingBox();
  if (!box) throw new Error('no image shown');
  return {
    x: box.x + ((cx + 0.5) * box.width) / CANVAS_SIZE,
    y: box.y + ((cy + 0.5) * box.height) / CANVAS_SIZE,
  };
}

/** The colour the browser shows at a screen point (a 1 x 1 screenshot). */
export async function screenPixel(page: Page, p: { x: number; y: number }): Promise<number[]> {
  const png = await page.screenshot({
    clip: { x: Math.floor(p.x), y: Math.floor(p.y), width: 1, height: 1 },
  });
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, 3)];
}
