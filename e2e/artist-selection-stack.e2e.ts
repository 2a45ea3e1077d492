// The artist selection page end to end on the REAL stack (no page.route): ten artists submit through
// the /api (upload URL, direct upload, create), so this run's works fill two pages; user A signs up in
// one browser and submits artwork with a real PNG through the Submit Artwork modal and sees it first
// under New; user B, in a second browser, upvotes it (the vote survives a reload and A sees it):
// its first upvote is refused (a new account may not vote yet): the page offers to verify the
// e-mail address, B enters the code from the identity outbox and the vote goes through;
// searching finds it, the search's two pages page; A deletes it in two steps. Screenshots at 1280 px
// (A) and 390 px (B). Needs TESSERA_BASE_URL and TESSERA_DATA_DIR (scripts/e2e.mjs sets both);
// skipped on the static web/dist server.
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { VIEWPORTS, openPage, sharedBrowser, urlOf } from './lib/browser.js';
import { signUpSkippingTutorial } from './lib/scripted-auth.js';
import {
  card,
  expectToast,
  loadImages,
  modal,
  score,
  searchBox,
  settled,
  shot,
  tab,
  titles,
} from './lib/artist-selection-ui.js';
import { register, submit } from '../testing/user-flow.js';
import { newAccount, codeInVerificationMail } from '@tessera/identity/testing';
import { VERIFICATION_MESSAGES, VOTE_REFUSAL_MESSAGES } from '@tessera/facts/eligibility';
import { assertStackHealthy, waitForResetMail } from './lib/full-stack.js';
import { artworkPng } from './lib/png.js';
import { describeOnStack, requireDataStack } from './lib/stack.js';

/** Types a search and waits until the URL and the list have it. */
async function search(page: Page, text: string): Promise<void> {
  await searchBox(page).fill(text);
  await page.waitForURL((u) => u.searchParams.get('search') === text);
  await page.locator('.submission-grid[aria-label="Submissions"], .submission-state').first().waitFor();
}

describeOnStack('artist selection on the real stack', () => {
  beforeAll(async () => {
    await assertStackHealthy(requireDataStack().baseUrl);
  });
  const browserA = sharedBrowser();
  const browserB = sharedBrowser();
  it(
    'A submits with an image and sees it first under New; B votes; search, pages, A deletes',
    { timeout: 240_000 },
    async () => {
      const { baseUrl } = requireDataStack();
      // A word only this run's works carry, so the search isolates them from other tests' data.
      const tag = `q${Date.now().toString(36)}`;
      for (let i = 1; i <= 10; i++) {
        await submit(await register(baseUrl, 'art'), {
          title: `Study ${tag} ${i}`,
          description: `Study number ${i} in blue and orange, for the next canvas.`,
          image: artworkPng(i),
          contentType: 'image/png',
          filename: 'artwork.png',
        });
      }

      // A: sign up, then submit through the modal with a real PNG.
      const a = await openPage(browserA, VIEWPORTS.desktop);
      await signUpSkippingTutorial(a.page, newAccount('arta'));
      await a.page.goto(urlOf('/artist-selection?sort=new'));
      await settled(a.page);
      await a.page.getByRole('button', { name: 'Submit Artwork' }).click();
      const m = modal(a.page);
      await m.locator('input[type=file]').setInputFiles({
        name: 'harbour.png',
        mimeType: 'image/png',
        buffer: artworkPng(42, 128),
      });
      await m.locator('.image-preview__img').waitFor();
      const title = `Harbour ${tag}`;
      await m.getByLabel('Title').fill(title);
      await m
        .getByLabel('Description')
        .fill('Boats leaving the harbour at dawn, painted one pixel at a time.');
      await m.getByRole('button', { name: 'Submit Artwork' }).click();
      await expectToast(a.page, 'Submission created successfully!');
      await m.waitFor({ state: 'detached' });
      expect(await tab(a.page, 'New').getAttribute('aria-selected')).toBe('true');
      await a.page.waitForFunction(
        (t) => document.querySelector('.submission-card__title')?.textContent === t,
        title,
        {
          timeout: 15_000,
        },
      );
      const mine = card(a.page, title);
      // The stored image is served back and decodes (the service may re-encode it).
      await a.page.waitForFunction(
        (t) =>
          [...document.querySelectorAll<HTMLImageElement>('.submission-card img')].some(
            (i) => i.alt === t && i.complete && i.naturalWidth > 0,
          ),
        title,
        { timeout: 15_000 },
      );
      expect(await a.page.getByRole('button', { name: 'Submit Artwork' }).count()).toBe(0);
      expect(await score(mine)).toEqual(['0', 'zero']);
      await shot(a.page, 'artist-selection-stack-created-desktop');

      // B: another browser, a new account: its first upvote is refused (who may vote) and the page
      // explains what to do; B asks for the code, enters it from the mail, and the vote counts.
      const b = await openPage(browserB, VIEWPORTS.mobile);
      const accountB = newAccount('artb');
      await signUpSkippingTutorial(b.page, accountB);
      await b.page.goto(urlOf(`/artist-selection?sort=new&search=${encodeURIComponent(title)}`));
      await settled(b.page);
      const theirs = card(b.page, title);
      expect(await theirs.locator('.delete-button').count()).toBe(0);
      await theirs.getByRole('button', { name: 'Upvote' }).click();
      const verify = b.page.getByRole('dialog', { name: 'Verify your e-mail to vote' });
      await verify.getByText(VOTE_REFUSAL_MESSAGES.ineligible).waitFor();
      expect(await score(theirs)).toEqual(['0', 'zero']);
      const since = Date.now();
      await verify.getByRole('button', { name: 'Send me a code' }).click();
      await verify.getByText(`We sent a 6-digit code to ${accountB.email}`, { exact: false }).waitFor();
      await shot(b.page, 'artist-selection-stack-verify-mobile');
      const mail = await waitForResetMail(
        requireDataStack().dataDir,
        accountB.email,
        since,
        10_000,
        codeInVerificationMail,
      );
      await verify.getByLabel('Verification code').fill(mail.code);
      await verify.getByRole('button', { name: 'Verify and vote' }).click();
      await expectToast(b.page, VERIFICATION_MESSAGES.verified);
      await verify.waitFor({ state: 'detached' });
      await expectToast(b.page, 'Upvoted!');
      expect(await score(theirs)).toEqual(['+1', 'positive']);
      await b.page.reload();
      await settled(b.page);
      expect(await score(card(b.page, title))).toEqual(['+1', 'positive']);
      expect(
        await card(b.page, title).getByRole('button', { name: 'Upvote' }).getAttribute('aria-pressed'),
      ).toBe('true');
      await loadImages(b.page);
      await shot(b.page, 'artist-selection-stack-voted-mobile');

      // A sees B's vote; the run's eleven works make two pages under the search, A's first under Hot.
      await a.page.goto(urlOf('/artist-selection'));
      await settled(a.page);
      await search(a.page, tag);
      const nav = a.page.getByRole('navigation', { name: 'Pagination' });
      await nav.getByText('Page 1 of 2').waitFor();
      expect(await a.page.locator('article.submission-card').count()).toBe(10);
      expect((await titles(a.page))[0]).toBe(title);
      expect(await score(card(a.page, title))).toEqual(['+1', 'positive']);
      await nav.getByRole('button', { name: 'Next' }).click();
      await nav.getByText('Page 2 of 2').waitFor();
      await a.page.waitForURL(
        (u) => u.searchParams.get('page') === '2' && u.searchParams.get('search') === tag,
      );
      expect(await a.page.locator('article.submission-card').count()).toBe(1);
      await shot(a.page, 'artist-selection-stack-page2-desktop');
      await nav.getByRole('button', { name: 'Previous' }).click();
      await nav.getByText('Page 1 of 2').waitFor();

      // A deletes it: two clicks; the search then finds nothing and Submit Artwork is back.
      await search(a.page, title);
      expect(await titles(a.page)).toEqual([title]);
      const del = card(a.page, title).locator('.delete-button');
      await del.click();
      expect(await del.innerText()).toBe('Confirm Delete?');
      await del.click();
      await expectToast(a.page, 'Submission deleted successfully');
      await a.page.getByText(`No submissions found for "${title}"`).waitFor({ timeout: 15_000 });
      await a.page.getByRole('button', { name: 'Submit Artwork' }).waitFor();

      expect(a.errors, 'console errors for A').toEqual([]);
      // the one refused vote (403) is the browser's log line of a failed request, nothing else
      const refusedVote = 'Failed to load resource: the server responded with a status of 403';
      expect(
        b.errors.filter((e) => !(e.includes(refusedVote) && e.includes('/vote'))),
        'console errors for B',
      ).toEqual([]);
      expect(b.errors.filter((e) => e.includes(refusedVote))).toHaveLength(1);
      await a.page.close();
      await b.page.close();
    },
  );
});
