// The Content-Security-Policy in force in a real browser: the pages load and work with it (no
// violation reported on the console or as a `securitypolicyviolation` event), and it is really
// enforced (an inline script injected into the page does not run and is reported).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UPLOAD_PATH } from '@tessera/facts/artwork';
import { ADA, TOKENS, card, loadImages, modal, openArtistPage } from './lib/artist-selection-ui.js';
import { VIEWPORTS, sharedBrowser, openPage, urlOf } from './lib/browser.js';
import { artworkPng } from './lib/png.js';
import { FakeArtistSelection } from './lib/scripted-submissions.js';

const session = sharedBrowser();

declare global {
  interface Window {
    __cspViolations?: string[];
    __inlineRan?: boolean;
  }
}

/** Records every CSP violation of the page (the listener is added by the browser, not by a script tag). */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
}

const PAGES = ['/', '/about', '/canvas', '/canvas/art/3', '/terms', '/artist-selection'];

describe('Content-Security-Policy in the browser', () => {
  it('every page loads under the policy without a violation', async () => {
    const { page, errors } = await openPage(session, VIEWPORTS.desktop);
    await watchViolations(page);
    for (const p of PAGES) {
      const res = await page.goto(urlOf(p));
      const csp = res?.headers()['content-security-policy'] ?? '';
      expect(csp, p).toContain("frame-ancestors 'none'");
      expect(csp, p).toMatch(/script-src 'self' https:\/\/js\.stripe\.com(;|$)/);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      const violations = await page.evaluate(() => window.__cspViolations ?? []);
      expect(violations, p).toEqual([]);
    }
    const cspErrors = errors.filter((e) => /Content Security Policy|Refused to/i.test(e));
    expect(cspErrors).toEqual([]);
    await page.close();
  });

  it('the artist selection page: card images, a blob: preview and the direct upload stay within it', async () => {
    const { page, errors } = await openPage(session, VIEWPORTS.desktop);
    await watchViolations(page);
    const fake = new FakeArtistSelection(TOKENS);
    fake.add({ title: 'Meadow', isVerifiedContributor: true });
    await openArtistPage(page, fake, ADA);
    await loadImages(page);
    await page.getByRole('button', { name: 'Submit Artwork' }).click();
    const m = modal(page);
    await m
      .locator('input[type=file]')
      .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: artworkPng(3) });
    await page.waitForFunction(
      () => (document.querySelector<HTMLImageElement>('.image-preview__img')?.naturalWidth ?? 0) > 0,
    );
    expect(await m.locator('.image-preview__img').getAttribute('src')).toMatch(/^blob:/);
    await m.getByLabel('Title').fill('Harbour');
    await m.getByLabel('Description').fill('Boats leaving the harbour at dawn.');
    await m.getByRole('button', { name: 'Submit Artwork' }).click();
    await card(page, 'Harbour').waitFor();
    await loadImages(page);
    expect(fake.callsTo(`POST ${UPLOAD_PATH}`)).toHaveLength(1);
    expect(await page.evaluate(() => window.__cspViolations ?? [])).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
    await page.close();
  });

  it('is enforced: an injected inline script does not run and is reported', async () => {
    const { page, errors } = await openPage(session, VIEWPORTS.desktop);
    await watchViolations(page);
    await page.goto(urlOf('/about'));
    await page.locator('main').first().waitFor();
    const ran = await page.evaluate(async () => {
      const reported = new Promise((r) =>
        document.addEventListener('securitypolicyviolation', r, { once: true }),
      );
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.head.append(s); // an inline script that may run, runs here, synchronously
      await reported; // the signal: the browser refused it and said so
      return window.__inlineRan === true;
    });
    expect(ran).toBe(false);
    const violations = await page.evaluate(() => window.__cspViolations ?? []);
    expect(violations.some((v) => v.startsWith('script-src'))).toBe(true);
    expect(errors.some((e) => /Content Security Policy/i.test(e))).toBe(true);
    await page.close();
  });
});
