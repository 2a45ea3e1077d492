// The purchase steps the real-stack browser tests share (payment-stack, my-pixels-stack): a fresh
// account signs up, locks a random board and opens the purchase modal with two pixels in the
// artist's colour and one in a custom colour; the billing address; paying with a card until "Saved".
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newAccount } from '../../services/identity/src/test/harness.js';
import { SCREENSHOT_DIR, urlOf } from './browser.js';
import { lockAndPreparePurchase } from './editor-ui.js';
import { signUpInPage } from './scripted-auth.js';

export const PAYMENT_SUCCESS = 'Payment successful! It may take 60 seconds to reflect on the canvas.';

export async function shot(
  page: Page,
  name: string,
  clip?: { x: number; y: number; width: number; height: number },
): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled', clip });
}

export async function activeCanvas(page: Page): Promise<number> {
  const res = await page.request.get(urlOf('/api/canvases/active'));
  const body = (await res.json()) as { data: Array<{ canvas_index: number }> };
  return body.data[0]?.canvas_index ?? 0;
}

/** The billing address (New York), waited for until the tax names NY. */
export async function fillBillingAddress(modal: Locator): Promise<void> {
  await modal.getByLabel('Address line 1').fill('350 5th Ave');
  await modal.getByLabel('City').fill('New York');
  await modal.getByLabel('State').fill('NY');
  await modal.getByLabel('ZIP code').fill('10118');
  await modal.getByText(/^Tax \(.*, NY\)$/).waitFor();
}

/** Signs up a fresh account, opens a random board, locks it and opens the purchase modal. */
export async function preparePurchase(
  page: Page,
  account = newAccount('pay'),
): Promise<{ boardIndex: number; modal: Locator }> {
  await signUpInPage(page, account, 10_000);
  const boardIndex = 300 + Math.floor(Math.random() * 300);
  await page.goto(urlOf(`/canvas/art/${boardIndex}`));
  await lockAndPreparePurchase(page, boardIndex);
  const modal = page.getByRole('dialog', { name: 'Complete Your Purchase' });
  await modal.getByText('Billing Information').waitFor({ timeout: 15_000 });
  expect(await modal.locator('.pay-modal__mode').innerText()).toMatch(/test mode/i);
  // 2 x 100 + 200 = 400; fee 12 + 30; estimated tax 8% = 32.
  expect(await modal.locator('.pay-summary').innerText()).toContain('$4.74');
  return { boardIndex, modal };
}

export async function paid(page: Page, modal: Locator, tag: string): Promise<void> {
  await modal.getByLabel('Card number').fill('4242 4242 4242 4242');
  await modal.getByRole('button', { name: /^Pay \$/ }).click();
  await page.getByText(PAYMENT_SUCCESS).waitFor({ timeout: 30_000 });
  await shot(page, `payment-stack-success-${tag}`);
  await modal.waitFor({ state: 'detached' });
  const saved = page.getByRole('button', { name: 'Saved' }).first();
  await saved.waitFor().catch(async (error: unknown) => {
    // say where the page is and what its header shows, so a failure in CI can be read from the log
    await shot(page, `payment-stack-not-saved-${tag}`);
    const header = await page
      .locator('header')
      .first()
      .innerText()
      .catch(() => '(no header)');
    throw new Error(`no "Saved" after paying: at ${page.url()}, header "${header.replace(/\s+/g, ' ')}"`, {
      cause: error,
    });
  });
}
