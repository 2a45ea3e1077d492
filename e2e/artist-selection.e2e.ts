// The artist selection page in a real browser with the artist-selection API scripted (page.route,
// lib/scripted-submissions.ts): Hot/New, guests' disabled votes and "Sign In to Submit", the Verified
// tooltip, the error panel with Retry, the empty states, search (300 ms debounce, URL, no history
// entries, clear), pagination and the URL parameters, at 1280 px and 390 px. Votes and the owner's
// delete: artist-selection-votes.e2e.ts; the Submit Artwork modal: artist-selection-submit.e2e.ts.
import { describe, expect, it } from 'vitest';
import { DROPPED, SIZES, VIEWPORTS, sharedBrowser, status, withSignedOutPage } from './lib/browser.js';
import {
  TOKENS,
  card,
  loadImages,
  openArtistPage,
  score,
  searchBox,
  shot,
  tab,
  titles,
} from './lib/artist-selection-ui.js';
import { errorReply } from './lib/scripted-auth.js';
import { FakeArtistSelection } from './lib/scripted-submissions.js';

const LIST = 'GET /api/artist-selection/submissions';

const session = sharedBrowser();

/** Four submissions: Harbour is the newest, Meadow the most voted; Meadow's artist is verified. */
function gallery(): FakeArtistSelection {
  const fake = new FakeArtistSelection(TOKENS);
  fake.add({
    title: 'Meadow',
    username: 'clara',
    score: 7,
    isVerifiedContributor: true,
    createdAt: Date.now() - 3 * 86_400_000,
  });
  fake.add({ title: 'Lighthouse', username: 'dmitri', score: 3, createdAt: Date.now() - 5 * 3600_000 });
  fake.add({ title: 'Night Market', username: 'emeka', score: -2, createdAt: Date.now() - 40 * 60_000 });
  fake.add({
    title: 'Harbour',
    username: 'fatima',
    score: 0,
    createdAt: Date.now() - 20_000,
    description: 'Boats leaving the harbour at dawn, painted one pixel at a time.',
  });
  return fake;
}

describe.each(SIZES)('artist selection at %s width', (label, viewport) => {
  it('a guest sees Hot and New, disabled votes with their titles, the Verified tooltip and Sign In to Submit', async () => {
    await withSignedOutPage(session, viewport, async (page) => {
      const fake = gallery();
      await openArtistPage(page, fake, null);
      expect(await page.locator('.notice').innerText()).toContain('-10 or lower are removed automatically');
      expect(await tab(page, 'Hot').getAttribute('aria-selected')).toBe('true');
      expect(await titles(page)).toEqual(['Meadow', 'Lighthouse', 'Harbour', 'Night Market']);
      expect(fake.listCalls()[0]?.query.toString()).toBe('sort=hot&page=1&limit=10');

      const meadow = card(page, 'Meadow');
      expect(await meadow.locator('.submission-card__user').innerText()).toBe('@clara');
      expect(await meadow.locator('time').innerText()).toBe('3 days ago');
      expect(await card(page, 'Harbour').locator('time').innerText()).toBe('less than a minute ago');
      expect(await score(meadow)).toEqual(['+7', 'positive']);
      expect(await score(card(page, 'Harbour'))).toEqual(['0', 'zero']);
      expect(await score(card(page, 'Night Market'))).toEqual(['-2', 'negative']);
      const up = meadow.getByRole('button', { name: 'Upvote' });
      const down = meadow.getByRole('button', { name: 'Downvote' });
      expect([await up.isDisabled(), await down.isDisabled()]).toEqual([true, true]);
      expect([await up.getAttribute('title'), await down.getAttribute('title')]).toEqual([
        'Sign in to upvote',
        'Sign in to downvote',
      ]);
      expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      // Every card's image loads and is square.
      await loadImages(page);
      const box = await meadow.locator('img').boundingBox();
      expect(Math.abs((box?.width ?? 0) - (box?.height ?? 1))).toBeLessThan(1);

      await shot(page, `artist-selection-list-${label}`);

      const tip = meadow.getByRole('tooltip');
      expect(await tip.isVisible()).toBe(false);
      await meadow.locator('.verified').hover();
      await tip.waitFor({ state: 'visible' });
      expect(await tip.innerText()).toBe('Verified Contributor\nPurchased pixels on current canvas');
      await shot(page, `artist-selection-tooltip-${label}`, false);

      await tab(page, 'New').click();
      await page.waitForURL((u) => u.searchParams.get('sort') === 'new');
      await page.waitForFunction(
        () => document.querySelector('.submission-card__title')?.textContent === 'Harbour',
      );
      expect(await titles(page)).toEqual(['Harbour', 'Night Market', 'Lighthouse', 'Meadow']);
      expect(fake.listCalls().at(-1)?.query.toString()).toBe('sort=new&page=1&limit=10');

      await page.getByRole('button', { name: 'Sign In to Submit' }).click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Sign In Required' }).waitFor();
    });
  });

  it('shows the error panel with Retry, then the empty states', async () => {
    await withSignedOutPage(
      session,
      viewport,
      async (page) => {
        const fake = new FakeArtistSelection(TOKENS);
        fake.failNext(LIST, errorReply(500, 'INTERNAL_SERVER_ERROR', 'boom'));
        await openArtistPage(page, fake, null);
        const panel = page.locator('.submission-state--error');
        expect(await panel.getByText('Server error. Please try again in a moment.').count()).toBe(1);
        await shot(page, `artist-selection-error-${label}`);

        await page.getByRole('button', { name: 'Retry' }).click();
        await page.getByText('No submissions yet').waitFor();
        await page.getByText('Be the first to submit your artwork!').waitFor();
        expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);
        await shot(page, `artist-selection-empty-${label}`);

        fake.add({ title: 'Harbour' });
        await searchBox(page).fill('zebra');
        await page.getByText('No submissions found for "zebra"').waitFor();
        await shot(page, `artist-selection-no-results-${label}`);
        await page.locator('.submission-state').getByRole('button', { name: 'Clear search' }).click();
        await card(page, 'Harbour').waitFor();
        expect(await searchBox(page).inputValue()).toBe('');
        expect(new URL(page.url()).searchParams.has('search')).toBe(false);
      },
      [status(500)],
    );
  });
});

describe('artist selection at 1280 px', () => {
  it('maps list failures: network (after the one retry), a server message', async () => {
    await withSignedOutPage(
      session,
      VIEWPORTS.desktop,
      async (page) => {
        const fake = gallery();
        fake.failNext(LIST, 'abort');
        fake.failNext(LIST, 'abort');
        await openArtistPage(page, fake, null);
        await page.getByText('Network error. Please check your internet connection.').waitFor();
        expect(fake.listCalls()).toHaveLength(2);
        fake.failNext(LIST, errorReply(400, 'VALIDATION_ERROR', 'Page must be a positive number'));
        await page.getByRole('button', { name: 'Retry' }).click();
        await page.getByText('Page must be a positive number').waitFor();
        await page.getByRole('button', { name: 'Retry' }).click();
        await card(page, 'Meadow').waitFor();
      },
      [DROPPED, status(400)],
    );
  });

  it('searches 300 ms after typing, in the URL without history entries, resets the page, and clears', async () => {
    await withSignedOutPage(session, VIEWPORTS.desktop, async (page) => {
      const fake = gallery();
      for (let i = 0; i < 12; i++) fake.add({ title: `Study ${i}`, username: 'gita', score: -1 });
      await openArtistPage(page, fake, null, '?page=2');
      expect(await page.locator('.pagination__status').innerText()).toBe('Page 2 of 2');
      const entries = await page.evaluate(() => window.history.length);
      const before = fake.listCalls().length;

      await searchBox(page).pressSequentially('harb', { delay: 80 });
      const typedAt = Date.now();
      await page.waitForURL((u) => u.searchParams.get('search') === 'harb');
      await page.waitForFunction(() => document.querySelectorAll('.submission-card').length === 1);
      expect(await titles(page)).toEqual(['Harbour']);
      const sent = fake.listCalls().slice(before);
      // Only the finished word was sent: "ha" and "har" (both long enough) were never asked for.
      expect(sent.map((c) => c.query.get('search'))).toEqual(['harb']);
      expect(sent[0]?.query.get('page')).toBe('1');
      console.log(`[e2e] search sent ${(sent[0]?.at ?? 0) - typedAt} ms after the last keystroke`);
      expect(new URL(page.url()).searchParams.has('page')).toBe(false);
      expect(await page.evaluate(() => window.history.length)).toBe(entries);

      // Searching by username, trimmed; one character is no search at all.
      await searchBox(page).fill('  GITA ');
      await page.waitForURL((u) => u.searchParams.get('search') === 'GITA');
      await page.waitForFunction(() => document.querySelectorAll('.submission-card').length === 10);
      await searchBox(page).fill('g');
      await page.waitForURL((u) => !u.searchParams.has('search'));
      await page.waitForFunction(() => document.querySelectorAll('.submission-card').length === 10);
      expect(fake.listCalls().at(-1)?.query.has('search')).toBe(false);

      await searchBox(page).fill('lighthouse');
      await page.waitForURL((u) => u.searchParams.get('search') === 'lighthouse');
      await page.getByRole('button', { name: 'Clear search' }).click();
      expect(await searchBox(page).inputValue()).toBe('');
      await page.waitForURL((u) => !u.searchParams.has('search'));
      expect(await page.evaluate(() => window.history.length)).toBe(entries);
    });
  });

  it('pages with Previous, "Page X of Y" and Next, kept in the URL', async () => {
    await withSignedOutPage(session, VIEWPORTS.desktop, async (page) => {
      const fake = new FakeArtistSelection(TOKENS);
      for (let i = 1; i <= 23; i++)
        fake.add({ title: `Piece ${i}`, createdAt: Date.now() - (100 - i) * 60_000 });
      await openArtistPage(page, fake, null, '?sort=new');
      const nav = page.getByRole('navigation', { name: 'Pagination' });
      expect(await nav.locator('.pagination__status').innerText()).toBe('Page 1 of 3');
      expect(await nav.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
      expect((await titles(page))[0]).toBe('Piece 23');

      await nav.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL(
        (u) => u.searchParams.get('page') === '2' && u.searchParams.get('sort') === 'new',
      );
      await nav.getByText('Page 2 of 3').waitFor();
      await card(page, 'Piece 13').waitFor();
      expect(fake.listCalls().at(-1)?.query.toString()).toBe('sort=new&page=2&limit=10');
      await nav.getByRole('button', { name: 'Next' }).click();
      await nav.getByText('Page 3 of 3').waitFor();
      expect(await nav.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      expect(await titles(page)).toEqual(['Piece 3', 'Piece 2', 'Piece 1']);
      await shot(page, 'artist-selection-page3-desktop');

      // Page changes are history entries; the sort resets the page.
      await page.goBack();
      await nav.getByText('Page 2 of 3').waitFor();
      await tab(page, 'Hot').click();
      await page.waitForURL((u) => u.searchParams.get('sort') === 'hot' && !u.searchParams.has('page'));
      await nav.getByText('Page 1 of 3').waitFor();
    });
  });

  it('reads page, sort and search from the URL and ignores invalid values', async () => {
    await withSignedOutPage(session, VIEWPORTS.desktop, async (page) => {
      const fake = gallery();
      await openArtistPage(page, fake, null, '?sort=new&search=%20harbour%20&page=1');
      expect(await tab(page, 'New').getAttribute('aria-selected')).toBe('true');
      expect(await searchBox(page).inputValue()).toBe('harbour');
      expect(fake.listCalls()[0]?.query.toString()).toBe('sort=new&page=1&limit=10&search=harbour');
      expect(await titles(page)).toEqual(['Harbour']);

      await openArtistPage(page, fake, null, '?sort=top&page=0&search=x');
      expect(await tab(page, 'Hot').getAttribute('aria-selected')).toBe('true');
      expect(await searchBox(page).inputValue()).toBe('');
      expect(fake.listCalls().at(-1)?.query.toString()).toBe('sort=hot&page=1&limit=10');
    });
  });
});
