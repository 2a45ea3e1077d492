// A purchase on the real stack (sandbox provider): a new buyer's board locked with three pixels to pay
// for, and the purchase modal's form: the billing address and a test card.
import type { Locator, Page } from 'playwright-core';
import { newAccount } from '../../services/identity/src/test/harness.js';
import { urlOf } from './browser.js';
import { lockAndPreparePurchase } from './editor-ui.js';
import { signUpInPage } from './scripted-auth.js';

export const PAYMENT_SUCCESS = 'Payment successful! It may take 60 seconds to reflect on the canvas.';

/** A New York address; waits until the tax line names the state. */
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
 * Signs up a fresh account (username prefix `prefix`), opens a random board of 300 to 599, locks it,
 * prepares (1,1) and (2,1) in the artist's colour and (3,1) in #36558F, and opens the purchase modal.
 */
export async function openPurchase(
  page: Page,
  prefix: string,
  signUpTimeoutMs = 10_000,
): Promise<{ username: string; boardIndex: number; modal: Locator }> {
  const account = newAccount(prefix);
  await signUpInPage(page, account, signUpTimeoutMs);
  const boardIndex = 300 + Math.floor(Math.random() * 300);
  await page.goto(urlOf(`/canvas/art/${boardIndex}`));
  await lockAndPreparePurchase(page, boardIndex);
  const modal = page.getByRole('dialog', { name: 'Complete Your Purchase' });
  await modal.getByText('Billing Information').waitFor({ timeout: 15_000 });
  return { username: account.username, boardIndex, modal };
}
