// The payment modal in a real browser, with the /api scripted (page.route) as the sandbox provider
// answers: address and tax, the test-mode card input, a declined card, a successful payment and the
// save calls, the load and initialisation errors, at 1280 px and 390 px.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  SCREENSHOT_DIR,
  SIZES,
  VIEWPORTS,
  openPage,
  sharedBrowser,
  status,
  urlOf,
  withSignedOutPage,
} from './lib/browser.js';
import { USER, scriptAuthApi, seedUser, type Handler, type SeenRequest } from './lib/scripted-auth.js';
import { lockAndPreparePurchase } from './lib/editor-ui.js';
import { DECLINED, scriptPayments } from './lib/scripted-payments.js';
import { lockHandlers } from './lib/scripted-locks.js';
import { LIVE_EVENT } from '@tessera/facts/live';

const BOARD = { canvasIndex: 2, boardIndex: 26 };
/** The viewport only: the modal is fixed over the page, so a full-page capture adds nothing. */
async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
}

const SUCCESS = 'Payment successful! It may take 60 seconds to reflect on the canvas.';

const session = sharedBrowser();

/**
 * Signs in, opens the board, locks it, selects 2 pixels in the artist's colour and 1 in a custom
 * colour through the editor's colour modal, and presses Pay: the payment modal opens.
 */
async function openModal(
  page: Page,
  handlers: Record<string, Handler>,
  liveStream?: (route: Route) => Promise<void>,
): Promise<SeenRequest[]> {
  const { requests } = await scriptAuthApi(page, { ...lockHandlers(BOARD), ...handlers }, liveStream);
  await seedUser(page, USER);
  await page.goto(urlOf(`/canvas/art/${BOARD.boardIndex}`));
  await lockAndPreparePurchase(page, BOARD.boardIndex);
  await page.getByRole('dialog', { name: 'Complete Your Purchase' }).waitFor();
  return requests;
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Complete Your Purchase' });

async function fillAddress(page: Page, address: { line1: string; city: string; state: string; zip: string }) {
  const d = dialog(page);
  await d.getByLabel('Address line 1').fill(address.line1);
  await d.getByLabel('City').fill(address.city);
  await d.getByLabel('State').fill(address.state);
  await d.getByLabel('ZIP code').fill(address.zip);
}

async function fillCard(page: Page, number: string) {
  const d = dialog(page);
  await d.getByLabel('Card number').fill(number);
  await d.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await d.getByLabel('CVC').fill('123');
}

/** An Albany, NY address and the card that pays: waits for the server's tax, then presses Pay. */
async function payWithGoodCard(page: Page) {
  await fillAddress(page, { line1: '1 Main St', city: 'Albany', state: 'NY', zip: '12207' });
  await fillCard(page, '4242 4242 4242 4242');
  const d = dialog(page);
  await d.getByText('Tax (8.88%, New York, NY)').waitFor();
  await d.getByRole('button', { name: /^Pay / }).click();
  return d;
}

describe.each(SIZES)('payment modal at %s width', (label, viewport) => {
  it('validates the address, gets the tax, shows a declined card, then pays and saves', async () => {
    await withSignedOutPage(session, viewport, async (page) => {
      const payments = scriptPayments(BOARD);
      const requests = await openModal(page, payments.handlers);
      const d = dialog(page);
      await d.getByText('Billing Information').waitFor();
      expect(await d.locator('.pay-modal__mode').innerText()).toMatch(/test mode/i);
      expect(await d.locator('.pay-card legend').innerText()).toMatch(/test mode/i);
      // 2 artist + 1 custom: 400 + fee 42 + estimated tax 32.
      expect(await d.locator('.pay-summary').innerText()).toContain('$4.74');
      const create = requests.find((r) => r.path === 'POST /api/payments/create-payment-intent');
      expect(create?.body).toMatchObject({ amount: 474, currency: 'usd', billingAddress: null });

      // Pay with nothing filled in: every required field is flagged.
      await d.getByRole('button', { name: /^Pay / }).click();
      await d.getByText('Please complete all required address fields correctly.').waitFor();
      expect(await d.locator('.field__error').allInnerTexts()).toEqual(
        expect.arrayContaining([
          'Address line 1 is required',
          'City is required',
          'State is required',
          'ZIP code is required',
        ]),
      );
      await screenshot(page, `payment-address-errors-${label}`);

      await fillAddress(page, { line1: '350 5th Ave', city: 'New York', state: 'ny', zip: '12345' });
      await d.getByLabel('Address line 1').focus();
      await d.getByText('Invalid ZIP code').waitFor();
      await d.getByLabel('ZIP code').fill('10118');
      // 500 ms after the last edit the intent gets the address and the server's tax.
      await d.getByText('Tax (8.88%, New York, NY)').waitFor();
      expect(await d.locator('.pay-summary').innerText()).toContain('$4.78');
      const patches = requests.filter((r) => r.path.startsWith('PATCH /api/payments/intent/'));
      expect(patches).toHaveLength(1);
      expect(patches[0]?.body).toEqual({
        billingAddress: {
          line1: '350 5th Ave',
          line2: '',
          city: 'New York',
          state: 'NY',
          postal_code: '10118',
          country: 'US',
        },
      });
      await screenshot(page, `payment-summary-tax-${label}`);

      // Typing a second line key by key (each state valid) sends one update, 500 ms after the last key.
      await d.getByLabel('Address line 2').pressSequentially('Floor 5', { delay: 60 });
      await page.waitForTimeout(1200);
      const later = requests.filter((r) => r.path.startsWith('PATCH /api/payments/intent/'));
      expect(
        later.map((r) => (r.body as { billingAddress: { line2: string } }).billingAddress.line2),
      ).toEqual(['', 'Floor 5']);

      await fillCard(page, '4000 0000 0000 0002');
      await d.locator('.pay-card').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await screenshot(page, `payment-card-test-mode-${label}`);
      await d.getByRole('button', { name: 'Pay $4.78' }).click();
      await d.getByText(DECLINED).waitFor();
      expect(requests.some((r) => r.path.includes('/batch-'))).toBe(false);
      expect(requests.some((r) => r.path === 'POST /api/pixel-purchases')).toBe(false);
      await screenshot(page, `payment-declined-${label}`);

      await fillCard(page, '4242 4242 4242 4242');
      await d.getByRole('button', { name: 'Pay $4.78' }).click();
      await page.getByText(SUCCESS).waitFor();
      await dialog(page).waitFor({ state: 'detached' });
      const after = requests.map((r) => r.path).filter((p) => !p.startsWith('GET /api/csrf'));
      const tail = after.slice(after.lastIndexOf('POST /api/payments/sandbox/confirm'));
      expect(tail.filter((p) => p.startsWith('POST'))).toEqual([
        'POST /api/payments/sandbox/confirm',
        'POST /api/payment-intents',
        'POST /api/pixel-purchases',
        'POST /api/pixels/canvas/2/board/26/batch-reset',
        'POST /api/pixels/canvas/2/board/26/batch-update',
      ]);
      const reset = requests.find((r) => r.path.endsWith('/batch-reset'));
      expect(reset?.body).toMatchObject({
        pixels: [
          { x: 1, y: 1 },
          { x: 2, y: 1 },
        ],
        purchaseInfo: { payment_intent_id: 'pi_e2e_1', purchase_type: 'default' },
      });
      const update = requests.find((r) => r.path.endsWith('/batch-update'));
      expect(update?.body).toMatchObject({
        pixels: [{ x: 3, y: 1, color: '#36558F' }],
        purchaseInfo: { payment_intent_id: 'pi_e2e_1', purchase_type: 'custom' },
      });
      // The editor takes the purchase: nothing is pending any more.
      await page.getByRole('button', { name: 'Saved' }).first().waitFor();
      await screenshot(page, `payment-success-toast-${label}`);
    });
  });
});

describe('payment modal errors and races', () => {
  it('shows "Payment System Error" when the configuration does not load, and recovers on retry', async () => {
    await withSignedOutPage(
      session,
      VIEWPORTS.desktop,
      async (page) => {
        const payments = scriptPayments(BOARD);
        let configUp = false;
        const handlers: Record<string, Handler> = {
          ...payments.handlers,
          'GET /api/config/stripe': (req) =>
            configUp
              ? (payments.handlers['GET /api/config/stripe'] as Handler)(req)
              : { status: 503, body: { success: false, error: 'SERVICE_UNAVAILABLE', message: 'down' } },
        };
        await openModal(page, handlers);
        const d = dialog(page);
        await d.getByText('Loading payment system...').waitFor();
        await d.getByText('Payment System Error').waitFor({ timeout: 30_000 });
        await d.getByText('Failed to load payment configuration').waitFor();
        await screenshot(page, 'payment-system-error-desktop');
        configUp = true;
        await d.getByRole('button', { name: 'Retry Payment System' }).click();
        await d.getByText('Billing Information').waitFor();
        await d.getByRole('button', { name: 'Cancel' }).click();
        await d.waitFor({ state: 'detached' });
      },
      [status(503)],
    );
  });

  it('sits on the shared modal backdrop; Escape closes it while idle', async () => {
    await withSignedOutPage(session, VIEWPORTS.desktop, async (page) => {
      await openModal(page, scriptPayments(BOARD).handlers);
      const d = dialog(page);
      await d.getByText('Billing Information').waitFor();
      expect(await page.locator('.modal-backdrop.pay-modal').count()).toBe(1);
      await page.keyboard.press('Escape');
      await d.waitFor({ state: 'detached' });
    });
  });

  it('shows "Payment Initialization Error" when the intent cannot be created; the overlay does not close it', async () => {
    await withSignedOutPage(
      session,
      VIEWPORTS.mobile,
      async (page) => {
        const payments = scriptPayments(BOARD);
        await openModal(page, {
          ...payments.handlers,
          'POST /api/payments/create-payment-intent': () => ({
            status: 500,
            body: { success: false, error: 'INTERNAL_SERVER_ERROR', message: 'boom' },
          }),
        });
        const d = dialog(page);
        await d.getByText('Payment Initialization Error').waitFor();
        await d.getByText('Failed to initialize payment. Please try again.').waitFor();
        await page.mouse.click(5, 5);
        expect(await d.isVisible()).toBe(true);
        await screenshot(page, 'payment-init-error-mobile');
        await d.getByRole('button', { name: 'Close' }).last().click();
        await d.waitFor({ state: 'detached' });
      },
      [status(500)],
    );
  });

  it('retries the save by itself 3 s after a network error, then succeeds', async () => {
    const handle = await openPage(session, VIEWPORTS.desktop);
    const { page } = handle;
    try {
      const payments = scriptPayments(BOARD);
      const requests = await openModal(page, payments.handlers);
      let dropped = 0;
      await page.route('**/batch-reset', async (route) => {
        if (dropped++ === 0) await route.abort('failed');
        else await route.fallback();
      });
      const d = await payWithGoodCard(page);
      await d.getByText('Network error - please check your connection and try again').waitFor();
      await d.getByText('Retrying in 3 seconds...').waitFor();
      await screenshot(page, 'payment-save-retry-desktop');
      await page.getByText(SUCCESS).waitFor({ timeout: 15_000 });
      const posts = requests.filter((r) => r.path.startsWith('POST /api/p'));
      // The retry resumes: the intent and the purchase are recorded once, the reset is sent again.
      expect(posts.map((r) => r.path.split('/').pop())).toEqual([
        'create-payment-intent',
        'confirm',
        'payment-intents',
        'pixel-purchases',
        'batch-reset',
        'batch-update',
      ]);
      expect(dropped).toBe(2);
      const unexpected = handle.errors.filter((e) => !e.includes('net::ERR_FAILED'));
      expect(unexpected).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('pays for the order it opened with when the bought pixels arrive live before the save ends', async () => {
    const handle = await openPage(session, VIEWPORTS.mobile);
    const { page } = handle;
    try {
      // The board as the server has it: unowned until the payment is fulfilled, then the buyer's.
      let sold = false;
      const boughtPixels = [
        { x: 1, y: 1, color: '#AABBCC' },
        { x: 2, y: 1, color: '#AABBCC' },
        { x: 3, y: 1, color: '#36558F' },
      ];
      const board = `/api/pixels/canvas/${BOARD.canvasIndex}/board/${BOARD.boardIndex}`;
      let soldRead!: () => void;
      const soldReadSeen = new Promise<void>((resolve) => (soldRead = resolve));
      const pixelsHandler: Handler = () => {
        if (sold) soldRead();
        const data = sold
          ? boughtPixels.map((p) => ({
              ...p,
              current_color: p.color,
              default_color: '#AABBCC',
              user_id: USER.id,
            }))
          : [];
        return { status: 200, body: { success: true, data } };
      };
      // The live stream stays open until the fulfilment, then carries the buyer's pixels.
      let fulfil!: () => void;
      const fulfilled = new Promise<void>((resolve) => (fulfil = resolve));
      const liveStream = async (route: Route) => {
        await fulfilled;
        const event = { canvasIndex: BOARD.canvasIndex, boardIndex: BOARD.boardIndex, pixels: boughtPixels };
        await route
          .fulfill({
            status: 200,
            headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
            body: `event: ${LIVE_EVENT.pixels}\ndata: ${JSON.stringify(event)}\n\n`,
          })
          .catch(() => undefined);
      };
      const payments = scriptPayments(BOARD);
      const requests = await openModal(
        page,
        { ...payments.handlers, [`GET ${board}`]: pixelsHandler },
        liveStream,
      );
      // The save's first pixel call waits until the editor has read the fulfilled board.
      let proceed!: () => void;
      const proceeding = new Promise<void>((resolve) => (proceed = resolve));
      await page.route('**/batch-reset', async (route) => {
        sold = true;
        fulfil();
        await proceeding;
        await route.fallback();
      });
      const d = await payWithGoodCard(page);
      await soldReadSeen;
      // The editor takes the pixels as sold (nothing pending) while the modal, over it, still saves
      // its order (the counters sit in the header's wide part, hidden at this width: attached, then).
      await page
        .locator('.editor-counters', { hasText: '0 pending' })
        .first()
        .waitFor({ state: 'attached', timeout: 10_000 });
      expect(await d.isVisible()).toBe(true);
      proceed();
      await page.getByText(SUCCESS).waitFor({ timeout: 15_000 });
      await d.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Saved' }).first().waitFor();
      expect(await page.getByText('Failed to load board pixels').count()).toBe(0);
      // The order the modal opened with was saved whole.
      const update = requests.find((r) => r.path.endsWith('/batch-update'));
      expect(update?.body).toMatchObject({ pixels: [{ x: 3, y: 1, color: '#36558F' }] });
      await screenshot(page, 'payment-live-before-save-mobile');
      expect(handle.errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
