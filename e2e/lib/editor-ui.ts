// Editor steps the browser tests share: opening the board editor and waiting for its first lock
// check, locking the board, selecting board cells on the pixel grid, and preparing a purchase (2
// pixels in the artist's colour, 1 in a custom colour) up to Pay.
import type { Page } from 'playwright-core';
import { BOARD_SIZE } from '@tessera/facts/grid';
import { urlOf } from './browser.js';

/**
 * Waits until the editor of `board` has settled: its heading is up and its first lock check has
 * ended (the header's "Initializing canvas..." is gone and the lock controls are there).
 */
export async function editorSettled(page: Page, board: number): Promise<void> {
  await page.getByRole('heading', { level: 1, name: `Board ${board}` }).waitFor();
  await page.locator('.editor-header__init').waitFor({ state: 'detached', timeout: 10_000 });
}

/** Opens /canvas/art/{board} and waits until the editor has settled. */
export async function openEditor(page: Page, board: number): Promise<void> {
  await page.goto(urlOf(`/canvas/art/${board}`));
  await editorSettled(page, board);
}

/** On a settled editor of a free board: the grid is read-only and offers the lock. */
export async function expectFreeBoard(page: Page): Promise<void> {
  await page.getByText('Lock Board To Begin Editing').waitFor();
  await page.getByRole('button', { name: 'Lock board to edit' }).waitFor();
}

/**
 * Locks the open board with the header's Lock button (found by its role and name in the header's
 * lock controls, not by its styling class) and waits until the board is held: the success message,
 * the Unlock button and the editable grid.
 */
export async function lockBoard(page: Page): Promise<void> {
  await page.locator('.editor-header__lock').getByRole('button', { name: 'Lock', exact: true }).click();
  await page.getByText('Board locked successfully').waitFor();
  await page.getByRole('button', { name: 'Unlock' }).waitFor();
  await page.locator('canvas.pixel-grid--editable').waitFor();
}

type Box = { x: number; y: number; width: number; height: number };

/**
 * The pixel grid's box once the layout has settled: the same in two reads two animation frames
 * apart (a lock re-renders the header and the hints around the grid, which can move it; a drag
 * aimed at a box read before that lands beside the cells).
 */
async function settledGridBox(page: Page): Promise<Box> {
  const grid = page.locator('canvas.pixel-grid');
  let before = await grid.boundingBox();
  for (let i = 0; i < 50; i++) {
    await page.evaluate(
      () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
    );
    const now = await grid.boundingBox();
    if (before && now && JSON.stringify(before) === JSON.stringify(now)) return now;
    before = now;
  }
  throw new Error('the pixel grid kept moving');
}

/** Drags over board cells `from` (x, y) to `to` (x, y) on the editor's pixel grid. */
export async function dragCells(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const box = await settledGridBox(page);
  const cell = box.width / BOARD_SIZE;
  const at = ([x, y]: [number, number]) => ({ x: box.x + (x + 0.5) * cell, y: box.y + (y + 0.5) * cell });
  const a = at(from);
  const b = at(to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 3 });
  await page.mouse.move(b.x, b.y, { steps: 3 });
  await page.mouse.up();
}

/** Drags over board cells (x0,y) to (x1,y) on the editor's pixel grid. */
export const selectCells = (page: Page, x0: number, x1: number, y: number) =>
  dragCells(page, [x0, y], [x1, y]);

/**
 * On an open, unlocked board editor: locks the board, selects cells (1,1)-(2,1) in the artist's
 * colour and (3,1) in the quick colour #36558F through the colour modal, and presses Pay.
 */
export async function lockAndPreparePurchase(page: Page, boardIndex: number): Promise<void> {
  await editorSettled(page, boardIndex);
  await lockBoard(page);
  const colourModal = page.getByRole('dialog').filter({ hasText: 'Trust the artist' });
  await selectCells(page, 1, 2, 1);
  await colourModal.getByText('Trust the artist').click();
  await colourModal.getByRole('button', { name: 'Apply' }).click();
  await colourModal.waitFor({ state: 'detached' });
  await selectCells(page, 3, 3, 1);
  await colourModal.getByText('Choose your own colour').click();
  await colourModal.getByRole('button', { name: 'Quick colour #36558F' }).click();
  await colourModal.getByRole('button', { name: 'Apply' }).click();
  await colourModal.waitFor({ state: 'detached' });
  await page
    .getByRole('button', { name: /^Pay \$/ })
    .first()
    .click();
}
