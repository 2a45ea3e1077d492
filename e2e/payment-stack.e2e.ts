// A purchase end to end on the REAL stack (no page.route): sign up, open a board, lock it, select two
// pixels in the artist's colour and one in a custom colour, pay in the sandbox's test mode with a
// declined card (nothing is sold) and then 4242 4242 4242 4242; the success toast shows and the board
// read back from the BFF has the three pixels owned by the buyer. Needs TESSERA_BASE_URL and
// TESSERA_DATA_DIR (scripts/e2e.mjs sets both); skipped on the static web/dist server.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCREENSHOT_DIR,
  VIEWPORTS,
  launchBrowser,
  openPage,
  urlOf,
  type BrowserSession,
} from './lib/browser.js';
import { assertStackHealthy, freshAccount } from './lib/full-stack.js';
import { field, openLogin } from './lib/scripted-auth.js';
import { lockAndPreparePurchase } from './lib/editor-ui.js';
import { noStackReason, requireDataStack } from './lib/stack.js';

const skipReason = noStackReason();
if (skipReason) console.log(`[e2e] payment-stack.e2e.ts skipped: ${skipReason}`);

const SUCCESS = 'Payment successful! It may take 60 seconds to reflect on the canvas.';

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
}

describe.skipIf(skipReason !== null)('a purchase on the real stack (sandbox provider)', () => {
  let browser: BrowserSession;

  beforeAll(async () => {
    const stack = requireDataStack();
    await assertStackHealthy(stack.baseUrl);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a declined card sells nothing; 4242 4242 4242 4242 buys exactly the selected pixels', async () => {
    const { page, errors } = await openPage(browser, VIEWPORTS.desktop);
    const account = freshAccount('pay');
    await openLogin(page);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await field(page, 'username').fill(account.username);
    await field(page, 'email').fill(account.email);
    await field(page, 'password').fill(account.password);
    await field(page, 'confirmPassword').fill(account.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/canvas', { timeout: 10_000 });

    const boardIndex = 300 + Math.floor(Math.random() * 300);
    await page.goto(urlOf(`/canvas/art/${boardIndex}`));
    await lockAndPreparePurchase(page, boardIndex);

    const d = page.getByRole('dialog', { name: 'Complete Your Purchase' });
    await d.getByText('Billing Information').waitFor({ timeout: 15_000 });
    expect(await d.locator('.pay-modal__mode').innerText()).toMatch(/test mode/i);
    // 2 x 100 + 200 = 400; fee 12 + 30; estimated tax 8% = 32.
    expect(await d.locator('.pay-summary').innerText()).toContain('$4.74');
    await d.getByLabel('Address line 1').fill('350 5th Ave');
    await d.getByLabel('City').fill('New York');
    await d.getByLabel('State').fill('NY');
    await d.getByLabel('ZIP code').fill('10118');
    await d.getByText(/^Tax \(.*, NY\)$/).waitFor();
    await shot(page, 'payment-stack-tax-desktop');

    await d.getByLabel('Card number').fill('4000 0000 0000 0002');
    await d.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await d.getByLabel('CVC').fill('123');
    await d.getByRole('button', { name: /^Pay \$/ }).click();
    await d.getByText('Your card was declined.').waitFor();
    await shot(page, 'payment-stack-declined-desktop');

    await d.getByLabel('Card number').fill('4242 4242 4242 4242');
    await d.getByRole('button', { name: /^Pay \$/ }).click();
    await page.getByText(SUCCESS).waitFor({ timeout: 30_000 });
    await d.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Saved' }).first().waitFor();
    await shot(page, 'payment-stack-success-desktop');

    const me = (await page.evaluate(() => JSON.parse(localStorage.getItem('tessera.auth.user') ?? '{}'))) as {
      id: string;
    };
    const canvas = (await (await page.request.get(urlOf('/api/canvases/active'))).json()) as {
      data: Array<{ canvas_index: number }>;
    };
    const canvasIndex = canvas.data[0]?.canvas_index ?? 0;
    const board = (await (
      await page.request.get(urlOf(`/api/pixels/canvas/${canvasIndex}/board/${boardIndex}`))
    ).json()) as {
      data: Array<{ x: number; y: number; user_id: string | null; current_color: string }>;
    };
    const owned = board.data
      .filter((p) => p.user_id !== null)
      .map((p) => `${p.x},${p.y}:${p.user_id === me.id}`);
    expect(owned.sort()).toEqual(['1,1:true', '2,1:true', '3,1:true']);
    expect(board.data.find((p) => p.x === 3 && p.y === 1)?.current_color.toUpperCase()).toBe('#36558F');
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await page.close();
  });
});
