// The purchase steps the real-stack browser tests share (payment-stack, my-pixels-stack,
// pixel-info-stack): a fresh account signs up, locks a random board and opens the purchase modal with
// (1,1) and (2,1) in the artist's colour and (3,1) in #36558F; the billing address; a test card;
// paying until "Saved".
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

/** A test card (4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined), expiry 12/34, CVC 123. */
export async function fillCard(modal: Locator, number: string): Promise<void> {
  await modal.getByLabel('Card number').fill(number);
  await modal.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await modal.getByLabel('CVC').fill('123');
}

/**
 * Signs up `account` (a fresh one by default), opens a random board of 300 to 599, locks it,
 * prepares the three pixels and opens the purchase modal.
 */
export async function openPurchase(
  page: Page,
  account = newAccount('pay'),
  signUpTimeoutMs = 10_000,
): Promise<{ username: string; boardIndex: number; modal: Locator }> {
  await signUpInPage(page, account, signUpTimeoutMs);
  const boardIndex = 300 + Math.floor(Math.random() * 300);
  await page.goto(urlOf(`/canvas/art/${boardIndex}`));
  await lockAndPreparePurchase(page, boardIndex);
  const modal = page.getByRole('dialog', { name: 'Complete Your Purchase' });
  await modal.getByText('Billing Information').waitFor({ timeout: 15_000 });
  return { username: account.username, boardIndex, modal };
}

/** openPurchase, then the modal's test mode and its estimate for the three pixels. */
export async function preparePurchase(
  page: Page,
  account = newAccount('pay'),
): Promise<{ boardIndex: number; modal: Locator }> {
  const { boardIndex, modal } = await openPurchase(page, account);
  expect(await modal.locator('.pay-modal__mode').innerText()).toMatch(/test mode/i);
  // 2 x 100 + 200 = 400; fee 12 + 30; estimated tax 8% = 32.
  expect(await modal.locator('.pay-summary').innerText()).toContain('$4.74');
  return { boardIndex, modal };
}

/** Pays the open modal with the test card that pays, then waits for the editor's "Saved". */
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
