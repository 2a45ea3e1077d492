// Accessibility with axe-core (pinned in the root package.json), injected into the page under test:
// 0 serious or critical violations on the canvas, the board editor unlocked and locked (with pixels
// to buy), the payment modal, pixel info on the canvas and in the editor, the account page, the
// artist selection page with its Submit Artwork modal, My pixels (with a purchase, empty, signed
// out), the gallery of past canvases and the timelapse, at 1280 px and 390 px. Any serious or critical violation, or any landmark rule's, fails the test and is
// printed with its nodes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SIZES, screenshot, sharedBrowser, urlOf, withPage } from './lib/browser.js';
import { waitForImage } from './lib/canvas-page.js';
import { dragCells, editorSettled, lockBoard } from './lib/editor-ui.js';
import { BOARD, SOLD, SOLD_COLOUR, SOLD_IN_BOARD, scriptScene } from './lib/buyer-scene.js';
import type { Handler } from './lib/scripted-auth.js';
import { ADA, TOKENS, modal, openArtistPage } from './lib/artist-selection-ui.js';
import { FakeArtistSelection } from './lib/scripted-submissions.js';
import { MY_ORDER, scriptMyPixels } from './lib/scripted-orders.js';

// Evaluated through the browser's debugging protocol: the app's CSP (rightly) refuses a script tag.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const session = sharedBrowser();

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** The page's serious, critical and landmark axe violations, one line each with the nodes they name. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: unknown[] };
    return result.violations;
  });
  return (
    (violations as AxeViolation[])
      // Serious and critical ones, and the landmark rules (the editor once had a second <main>).
      .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id.startsWith('landmark'))
      .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
  );
}

/** Checks each state as the test reaches it and fails at the end with every state's findings. */
function axeChecks(page: Page) {
  const found: string[] = [];
  return {
    async check(state: string): Promise<void> {
      const lines = await seriousViolations(page);
      if (lines.length > 0) console.log(`[e2e] axe, ${state}:\n  ${lines.join('\n  ')}`);
      found.push(...lines.map((l) => `${state}: ${l}`));
    },
    expectNone(): void {
      expect(found, 'axe: serious or critical violations').toEqual([]);
    },
  };
}

/** Pixel info of the scene's sold pixel, no own pixels, and the account (BFF README, "Pixel info"). */
const PIXEL_INFO_API: Record<string, Handler> = {
  [`GET /api/pixels/canvas/${BOARD.canvasIndex}/pixel`]: () => ({
    status: 200,
    body: {
      success: true,
      data: {
        ...SOLD,
        board_index: BOARD.boardIndex,
        color: SOLD_COLOUR,
        default_color: '#36558F',
        sold: true,
        buyer: { username: 'grace', anonymous: false },
        sold_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
        kind: 'custom',
        kind_recorded: true,
        reset: false,
      },
    },
  }),
  [`GET /api/pixels/canvas/${BOARD.canvasIndex}/mine`]: () => ({
    status: 200,
    body: { success: true, data: { pixels: [] } },
  }),
  'GET /api/account': () => ({
    status: 200,
    body: {
      success: true,
      data: { username: 'ada', email: 'ada@example.com', show_username_on_pixels: true },
    },
  }),
};

describe.each(SIZES)('accessibility (axe) at %s width', (label, viewport) => {
  it('canvas, editor unlocked and locked, payment modal: 0 serious or critical', async () => {
    await withPage(session, viewport, async (page) => {
      const axe = axeChecks(page);
      await scriptScene(page);
      await page.goto(urlOf('/canvas'));
      await waitForImage(page, 'live');
      await axe.check('canvas');

      await page.goto(urlOf(`/canvas/art/${BOARD.boardIndex}`));
      await editorSettled(page, BOARD.boardIndex);
      await axe.check('editor unlocked');

      await lockBoard(page);
      await dragCells(page, [1, 1], [2, 2]);
      const colour = page.getByRole('dialog', { name: 'Colour 4 pixels' });
      await colour.getByRole('button', { name: 'Apply' }).waitFor();
      await axe.check('colour modal');
      await colour.getByRole('button', { name: 'Apply' }).click();
      await colour.waitFor({ state: 'detached' });
      await axe.check('editor locked with pixels to buy');

      await page
        .getByRole('button', { name: /^Pay \$/ })
        .first()
        .click();
      const pay = page.getByRole('dialog', { name: 'Complete Your Purchase' });
      await pay.getByText('Billing Information').waitFor();
      await axe.check('payment modal');
      await screenshot(page, `a11y-payment-modal-${label}`);
      axe.expectNone();
    });
  });

  it('pixel info on the canvas and in the editor, and the account page: 0 serious or critical', async () => {
    await withPage(session, viewport, async (page) => {
      const axe = axeChecks(page);
      await scriptScene(page, { extra: PIXEL_INFO_API });
      await page.goto(urlOf(`/canvas?x=${SOLD.x}&y=${SOLD.y}`));
      await waitForImage(page, 'live');
      await page.locator(`[data-marked-pixel="${SOLD.x},${SOLD.y}"]`).waitFor();
      // the keyboard's way in: Enter on the stage shows the middle pixel's info
      await page.locator('.canvas-stage').focus();
      await page.keyboard.press('Enter');
      const card = page.getByRole('dialog', { name: `Pixel info (${SOLD.x}, ${SOLD.y})` });
      await card.getByText('Bought by grace').waitFor();
      await axe.check('canvas pixel info');
      await screenshot(page, `a11y-canvas-pixel-info-${label}`);

      await page.goto(urlOf(`/canvas/art/${BOARD.boardIndex}`));
      await editorSettled(page, BOARD.boardIndex);
      // the keyboard cursor on the bought pixel shows its info on a read-only board too
      await page.getByRole('application', { name: /^Board 26/ }).focus();
      for (let i = 0; i < SOLD_IN_BOARD.x; i++) await page.keyboard.press('ArrowRight');
      for (let i = 0; i < SOLD_IN_BOARD.y; i++) await page.keyboard.press('ArrowDown');
      await page
        .getByRole('dialog', { name: /^Pixel info/ })
        .getByText('Bought by grace')
        .waitFor();
      await axe.check('editor pixel info');
      await screenshot(page, `a11y-editor-pixel-info-${label}`);

      await page.goto(urlOf('/account'));
      await page.getByRole('checkbox', { name: 'Show my username on pixels I buy' }).waitFor();
      await axe.check('account page');
      await screenshot(page, `a11y-account-${label}`);
      axe.expectNone();
    });
  });

  it('artist selection and its Submit Artwork modal: 0 serious or critical', async () => {
    await withPage(session, viewport, async (page) => {
      const axe = axeChecks(page);
      const fake = new FakeArtistSelection(TOKENS);
      fake.add({ title: 'Meadow', score: 3, isVerifiedContributor: true });
      fake.add({ title: 'Orchard', score: -2 });
      await openArtistPage(page, fake, ADA);
      await axe.check('artist selection');
      await page.getByRole('button', { name: 'Submit Artwork' }).click();
      await modal(page).waitFor();
      await axe.check('submit modal');
      axe.expectNone();
    });
  });

  it('My pixels with a purchase, empty and signed out: 0 serious or critical', async () => {
    await withPage(session, viewport, async (page) => {
      const axe = axeChecks(page);
      const orders = await scriptMyPixels(page, [MY_ORDER]);
      await page.goto(urlOf('/my-pixels'));
      await page.locator('.my-pixels__order').waitFor();
      await axe.check('my pixels with a purchase');
      await screenshot(page, `a11y-my-pixels-${label}`);
      orders.splice(0);
      await page.goto(urlOf('/my-pixels?page=1'));
      await page.getByText('You have not bought any pixels yet.').waitFor();
      await axe.check('my pixels empty');
      await screenshot(page, `a11y-my-pixels-empty-${label}`);
      axe.expectNone();
    });
    await withPage(
      session,
      viewport,
      async (page) => {
        const axe = axeChecks(page);
        await scriptMyPixels(page, [], { guest: true });
        await page.goto(urlOf('/my-pixels'));
        await page.getByText('Sign in to see the pixels you bought.').waitFor();
        await axe.check('my pixels signed out');
        await screenshot(page, `a11y-my-pixels-signed-out-${label}`);
        axe.expectNone();
      },
      { signedOut: true },
    );
  });

  it('the gallery of past canvases and the timelapse: 0 serious or critical', async () => {
    await withPage(session, viewport, async (page) => {
      const axe = axeChecks(page);
      await page.goto(urlOf('/gallery'));
      await page.getByRole('heading', { level: 1, name: 'Past canvases' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Sold out' }).waitFor();
      await axe.check('gallery');
      await screenshot(page, `a11y-gallery-${label}`);
      await page.goto(urlOf('/canvas/timelapse'));
      await page.getByTestId('timelapse-label').waitFor();
      await axe.check('timelapse');
      await screenshot(page, `a11y-timelapse-${label}`);
      axe.expectNone();
    });
  });
});
