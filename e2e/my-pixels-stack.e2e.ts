// My pixels on the REAL stack (issue 24), at 1280 px and 390 px: a fresh buyer pays for three pixels
// (as payment-stack does), opens My pixels from the account menu, finds the purchase (canvas, board,
// 3 pixels, its amount, "Paid"), follows a pixel's link to the canvas, which opens zoomed on that
// pixel and marks it, and finds the receipt in identity's development outbox: one mail for the
// order, with the same total, the pixels and the link to /my-pixels. Needs TESSERA_BASE_URL and
// TESSERA_DATA_DIR (scripts/e2e.mjs sets both).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { eventually } from '@tessera/kit/testing';
import { canvasPixelOf } from '@tessera/facts/grid';
import { VIEWPORTS, openPage, sharedBrowser, urlOf, type Viewport } from './lib/browser.js';
import { skipTutorial } from './lib/canvas-page.js';
import { newAccount, readOutbox } from '../services/identity/src/test/harness.js';
import { assertStackHealthy } from './lib/full-stack.js';
import { activeCanvas, fillBillingAddress, paid, preparePurchase, shot } from './lib/purchase.js';
import { describeOnStack, requireDataStack } from './lib/stack.js';

/** Opens My pixels from the account menu (the profile panel at 1280 px, the menu button at 390 px). */
async function openMyPixels(page: Page, mobile: boolean): Promise<void> {
  if (mobile) await page.getByRole('button', { name: 'Open menu' }).click();
  else await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('link', { name: 'My pixels' }).click();
  await page.getByRole('heading', { level: 1, name: 'My pixels' }).waitFor();
}

describeOnStack('My pixels and the receipt on the real stack', () => {
  // a browser (profile) per width: each signs up its own buyer
  const browsers: Record<string, ReturnType<typeof sharedBrowser>> = {
    desktop: sharedBrowser(),
    mobile: sharedBrowser(),
  };
  beforeAll(async () => {
    await assertStackHealthy(requireDataStack().baseUrl);
  });

  it.each([
    ['desktop', VIEWPORTS.desktop],
    ['mobile', VIEWPORTS.mobile],
  ] as Array<[string, Viewport]>)(
    '%s: a purchase is listed with its amount, its pixel link lands on the pixel, its receipt is mailed',
    async (tag, viewport) => {
      const { dataDir } = requireDataStack();
      const { page, errors } = await openPage(browsers[tag]!, viewport);
      const account = newAccount('mine');
      const canvasIndex = await activeCanvas(page);
      const { boardIndex, modal } = await preparePurchase(page, account);
      await fillBillingAddress(modal);
      await modal.getByLabel('Expiry (MM / YY)').fill('12 / 34');
      await modal.getByLabel('CVC').fill('123');
      await paid(page, modal, `my-pixels-${tag}`);

      // from another page's header (the canvas's first-visit tutorial stays out of the way)
      await skipTutorial(page);
      await page.goto(urlOf('/about'));
      await openMyPixels(page, tag === 'mobile');
      const order = page.locator('.my-pixels__order').first();
      await order.waitFor({ timeout: 15_000 });
      expect(await page.locator('.my-pixels__order').count(), 'one purchase').toBe(1);
      const card = await order.innerText();
      expect(card).toContain(`Canvas ${canvasIndex}, board ${boardIndex}`);
      expect(card).toMatch(/Pixels\s+3\b/);
      expect(card).toContain('Paid');
      const amount = /Amount\s+(\$\d+\.\d\d)/.exec(card)?.[1];
      expect(amount, 'the amount shown').toBeDefined();
      await shot(page, `my-pixels-stack-${tag}`);

      // the receipt: one mail for this order in the outbox, with the same total and a link to My pixels
      const orderId = (await order.getAttribute('data-order-id'))!;
      const receipts = await eventually(() => {
        const found = readOutbox(path.join(dataDir, 'identity')).filter(
          (m) => m.to === account.email && m.text.includes(`Order: ${orderId}`),
        );
        return found.length > 0 ? found : null;
      }, 15_000);
      expect(receipts).toHaveLength(1);
      const receipt = receipts[0]!;
      expect(receipt.subject).toBe(`Your Tessera receipt: 3 pixels, ${amount}`);
      expect(receipt.text).toContain(`Total paid: ${amount}`);
      expect(receipt.text).toContain(`Canvas ${canvasIndex}, board ${boardIndex}: 3 pixels`);
      expect(receipt.text).toMatch(/See your pixels: http\S+\/my-pixels/);
      const first = canvasPixelOf(boardIndex, 1, 1);
      expect(receipt.text).toContain(`(${first.x}, ${first.y})`);

      // a pixel's link opens the canvas zoomed on it, marked
      await order.getByRole('link', { name: `Pixel (${first.x}, ${first.y}) on the canvas` }).click();
      await page.waitForURL(new RegExp(`/canvas\\?x=${first.x}&y=${first.y}$`));
      await page.locator(`[data-marked-pixel="${first.x},${first.y}"]`).waitFor({ timeout: 15_000 });
      await shot(page, `my-pixels-stack-pixel-${tag}`);
      expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
      await page.close();
    },
  );
});
