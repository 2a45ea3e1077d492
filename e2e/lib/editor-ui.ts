// Editor steps the browser tests share: selecting board cells on the pixel grid, and locking a board
// and preparing a purchase (2 pixels in the artist's colour, 1 in a custom colour) up to Pay.
import type { Page } from 'playwright-core';
import { BOARD_SIZE } from '@tessera/facts/grid';

/** Drags over board cells (x0,y) to (x1,y) on the editor's pixel grid. */
export async function selectCells(page: Page, x0: number, x1: number, y: number): Promise<void> {
  const box = await page.locator('canvas.pixel-grid').boundingBox();
  if (!box) throw new Error('no pixel grid');
  const cell = box.width / BOARD_SIZE;
  const at = (x: number) => ({ px: box.x + (x + 0.5) * cell, py: box.y + (y + 0.5) * cell });
  const a = at(x0);
  const b = at(x1);
  await page.mouse.move(a.px, a.py);
  await page.mouse.down();
  await page.mouse.move(b.px, b.py, { steps: 4 });
  await page.mouse.up();
}

/**
 * On an open, unlocked board editor: locks the board, selects cells (1,1)-(2,1) in the artist's
 * colour and (3,1) in the quick colour #36558F through the colour modal, and presses Pay.
 */
export async function lockAndPreparePurchase(page: Page, boardIndex: number): Promise<void> {
  await page.getByRole('heading', { level: 1, name: `Board ${boardIndex}` }).waitFor();
  await page.locator('.editor-btn--lock').first().click();
  await page.locator('canvas.pixel-grid--editable').waitFor();
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
