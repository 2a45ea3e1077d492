// The app shell in a real browser: legal and About pages, redirects, header navigation, the mobile
// menu and the footer panel, at desktop and phone widths, with no console errors.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SIZES, VIEWPORTS, sharedBrowser, screenshot, urlOf, withPage } from './lib/browser.js';

const session = sharedBrowser();

async function visit(page: Page, pathname: string): Promise<void> {
  await page.goto(urlOf(pathname));
  await page.locator('main h1').first().waitFor();
}

/** Waits (the page may still be loading its code) for the page's h1 to read exactly `text`. */
async function expectHeading(page: Page, text: string): Promise<void> {
  await page
    .locator('main')
    .getByRole('heading', { level: 1, name: text, exact: true })
    .waitFor({ timeout: 10_000 });
}

/** Leaves every /api request pending: the page shows its loading state, and no data is needed. */
async function holdApi(page: Page): Promise<void> {
  await page.route('**/api/**', () => undefined);
}

async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** The mobile menu or the footer panel is open (or closed): its toggle says so, its panel shows (or not). */
async function expectExpanded(toggle: Locator, panel: Locator, open: boolean): Promise<void> {
  expect(await toggle.getAttribute('aria-expanded')).toBe(String(open));
  expect(await panel.isVisible()).toBe(open);
}

describe.each(SIZES)('content pages at %s width', (label, viewport) => {
  it('/terms shows "Terms of Service", today as the effective date and 18 sections', async () => {
    await withPage(session, viewport, async (page) => {
      await visit(page, '/terms');
      await expectHeading(page, 'Terms of Service');
      expect(await page.locator('section.legal-section').count()).toBe(18);
      const today = await page.evaluate(() =>
        new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
      );
      expect(await page.locator('.legal__date').innerText()).toContain(today);
      expect(await page.locator('.legal__body a[href="/privacy"]').count()).toBeGreaterThan(0);
      expect(await page.locator('.legal__body a[href^="mailto:"]').count()).toBeGreaterThan(0);
      expect(await page.title()).toBe('Terms of Service · Tessera');
      await screenshot(page, `terms-${label}`);
    });
  });

  it('/privacy shows "Privacy Policy", a last-updated date and 15 sections', async () => {
    await withPage(session, viewport, async (page) => {
      await visit(page, '/privacy');
      await expectHeading(page, 'Privacy Policy');
      expect(await page.locator('section.legal-section').count()).toBe(15);
      expect(await page.locator('.legal__date').innerText()).toMatch(/^Last updated: \w+ \d{1,2}, \d{4}$/);
      const titles = await page.locator('section.legal-section h2').allInnerTexts();
      expect(titles[0]).toMatch(/^1\. Information We Collect/);
      expect(titles[14]).toMatch(/^15\. Contact Us/);
      expect(await page.locator('a[href="mailto:privacy@tessera.art"]').count()).toBeGreaterThan(0);
      expect(await page.locator('a[href="mailto:parents@tessera.art"]').count()).toBeGreaterThan(0);
      await screenshot(page, `privacy-${label}`);
    });
  });

  it('/about shows the project, highlights, FAQ and links to artist selection', async () => {
    await withPage(session, viewport, async (page) => {
      await visit(page, '/about');
      await expectHeading(page, 'A gallery painted by everyone');
      const headings = await page.locator('main h2').allInnerTexts();
      for (const h of ['Project highlights', 'How artist selection works', 'How to submit your artwork']) {
        expect(headings).toContain(h);
      }
      expect(headings).toContain('The revenue model');
      expect(headings).toContain('Frequently asked questions');
      expect(await page.locator('main a[href="/artist-selection"]').count()).toBeGreaterThan(1);
      expect(await page.locator('.faq__item').count()).toBeGreaterThanOrEqual(2);
      const text = await page.locator('main').innerText();
      expect(text).toContain('1.5 to 3 million dollars');
      // the figures built from the grid and the prices read as the spec words them
      expect(text).toContain('a shared canvas of 625 boards, each a 49 by 49 grid of pixels.');
      expect(text).toContain('Each canvas holds 1,500,625 pixels at 1.00 or 2.00 dollars each.');
      expect(text).toContain('PNG, JPG or JPEG');
      await screenshot(page, `about-${label}`);
    });
  });
});

describe('navigation', () => {
  it('/ lands on /canvas with the canvas loading state', async () => {
    await withPage(session, VIEWPORTS.desktop, async (page) => {
      // The active canvas never answers, so the loading state stays up (in both test modes).
      await holdApi(page);
      await page.goto(urlOf('/'));
      await waitForPath(page, '/canvas');
      await page.getByText('Loading canvas...').waitFor();
      expect(await page.locator('.brand__tagline').innerText()).toBe('Collaborative Pixel Art');
      await screenshot(page, 'canvas-loading-desktop');
    });
  });

  it('header links navigate and mark the current page', async () => {
    await withPage(session, VIEWPORTS.desktop, async (page) => {
      // Navigation only: the pages' data calls stay pending (web/dist alone has no /api).
      await holdApi(page);
      await visit(page, '/about');
      const nav = page.getByRole('navigation', { name: 'Main', exact: true });
      await nav.getByRole('link', { name: 'Artist Selection' }).click();
      await waitForPath(page, '/artist-selection');
      await expectHeading(page, 'Artist Selection');
      expect(await nav.getByRole('link', { name: 'Artist Selection' }).getAttribute('aria-current')).toBe(
        'page',
      );
      expect(await nav.getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBeNull();
      await screenshot(page, 'artist-selection-desktop');

      await nav.getByRole('link', { name: 'About' }).click();
      await waitForPath(page, '/about');
      await expectHeading(page, 'A gallery painted by everyone');

      await nav.getByRole('link', { name: 'Canvas' }).click();
      await waitForPath(page, '/canvas');
      await page.getByText('Loading canvas...').waitFor();

      await page
        .getByRole('link', { name: /Tessera/ })
        .first()
        .click();
      await waitForPath(page, '/canvas');
    });
  });

  it('a guest sees Sign In, which opens /login', async () => {
    await withPage(session, VIEWPORTS.desktop, async (page) => {
      await visit(page, '/about');
      await page.locator('.site-header__account').getByRole('link', { name: 'Sign In' }).click();
      await waitForPath(page, '/login');
      await expectHeading(page, 'Welcome to Tessera');
      await screenshot(page, 'login-desktop');
    });
  });

  it('the board editor sends a guest to /login', async () => {
    await withPage(session, VIEWPORTS.desktop, async (page) => {
      await page.goto(urlOf('/canvas/art/12?highlight=3-4'));
      await waitForPath(page, '/login');
    });
  });

  it('an unknown address shows the not-found page', async () => {
    await withPage(session, VIEWPORTS.desktop, async (page) => {
      await visit(page, '/no-such-page');
      await expectHeading(page, 'Page not found');
    });
  });
});

describe('mobile menu at 390 px', () => {
  it('collapses the header items behind a button that opens and closes', async () => {
    await withPage(session, VIEWPORTS.mobile, async (page) => {
      // Navigation only: the artist selection page's list call stays pending (web/dist has no /api).
      await holdApi(page);
      await visit(page, '/about');
      expect(await page.getByRole('navigation', { name: 'Main', exact: true }).isVisible()).toBe(false);
      const toggle = page.locator('.mobile-menu__toggle');
      const panel = page.locator('.mobile-menu__panel');
      expect(await toggle.isVisible()).toBe(true);
      await expectExpanded(toggle, panel, false);

      await toggle.click();
      await expectExpanded(toggle, panel, true);
      expect(await panel.getByRole('link').allInnerTexts()).toEqual([
        'Canvas',
        'Artist Selection',
        'About',
        'Sign In',
      ]);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Canvas');
      await screenshot(page, 'mobile-menu-open');

      await page.keyboard.press('Escape');
      await expectExpanded(toggle, panel, false);
      expect(
        await page.evaluate(() => document.activeElement?.classList.contains('mobile-menu__toggle')),
      ).toBe(true);

      await toggle.click();
      await page.locator('main h1').click({ force: true });
      expect(await panel.isVisible()).toBe(false);

      await toggle.click();
      await panel.getByRole('link', { name: 'Artist Selection' }).click();
      await waitForPath(page, '/artist-selection');
      await expectExpanded(toggle, panel, false);
      await screenshot(page, 'artist-selection-mobile');
    });
  });
});

describe('footer panel', () => {
  it.each(SIZES)('toggles copyright, legal and social links at %s width', async (label, viewport) => {
    await withPage(session, viewport, async (page) => {
      await visit(page, '/about');
      const toggle = page.locator('.site-footer__toggle');
      const panel = page.locator('.site-footer__panel');
      await expectExpanded(toggle, panel, false);

      await toggle.click();
      await expectExpanded(toggle, panel, true);
      expect(await panel.innerText()).toMatch(/© \d{4} Tessera/);
      expect(await panel.getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe(
        '/terms',
      );
      expect(await panel.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
      expect(await panel.locator('.site-footer__social a').count()).toBeGreaterThanOrEqual(2);
      await screenshot(page, `footer-open-${label}`);

      await toggle.click();
      expect(await panel.isVisible()).toBe(false);

      await toggle.click();
      await panel.getByRole('link', { name: 'Terms & Conditions' }).click();
      await waitForPath(page, '/terms');
      await expectHeading(page, 'Terms of Service');
    });
  });
});
