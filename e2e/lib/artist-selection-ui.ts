// Shared by the artist-selection browser tests: the scripted users, opening the page on the scripted
// backend (lib/scripted-submissions.ts) as a guest or a user, and locators for cards and toasts.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SCREENSHOT_DIR, urlOf } from './browser.js';
import { scriptAuthApi, seedUser, type Handler } from './scripted-auth.js';
import type { FakeArtistSelection, FakeUser } from './scripted-submissions.js';

export const ADA: FakeUser & { token: string } = { id: 'u-1', username: 'ada', token: 'token-e2e' };
export const BOB: FakeUser & { token: string } = { id: 'u-2', username: 'bob', token: 'token-bob' };
export const TOKENS = { [ADA.token]: ADA, [BOB.token]: BOB };

export type Who = typeof ADA | typeof BOB | null;

/** Opens /artist-selection{query} with the scripted backend, as `who` (null: a guest). */
export async function openArtistPage(
  page: Page,
  fake: FakeArtistSelection,
  who: Who,
  query = '',
  /** More scripted /api answers (e.g. the e-mail verification calls). */
  handlers: Record<string, Handler> = {},
): Promise<void> {
  await scriptAuthApi(
    page,
    who === null
      ? handlers
      : {
          'POST /api/auth/refresh-cookie': () => ({
            status: 200,
            body: { success: true, access_token: who.token, expires_in: 900, token_type: 'Bearer' },
          }),
          ...handlers,
        },
  );
  await fake.install(page);
  if (who !== null) {
    await seedUser(page, { id: who.id, username: who.username, email: `${who.username}@example.com` });
  }
  await page.goto(urlOf(`/artist-selection${query}`));
  await page.getByRole('heading', { level: 1, name: 'Artist Selection' }).waitFor();
  await settled(page);
}

/** Waits until the list shows cards, an empty state or the error panel. */
export async function settled(page: Page): Promise<void> {
  await page.locator('.submission-card, .submission-state').first().waitFor({ timeout: 15_000 });
}

export const cards = (page: Page): Locator => page.locator('article.submission-card');
export const card = (page: Page, title: string): Locator =>
  cards(page).filter({ has: page.locator('.submission-card__title', { hasText: new RegExp(`^${title}$`) }) });
export const titles = (page: Page): Promise<string[]> =>
  page.locator('.submission-card__title').allInnerTexts();
export const scoreOf = (c: Locator) => c.locator('.vote__score');
export const searchBox = (page: Page) => page.getByPlaceholder('Search by title or username...');
export const tab = (page: Page, name: 'Hot' | 'New') =>
  page.getByRole('tab', { name: new RegExp(`^${name}`) });
export const modal = (page: Page) => page.getByRole('dialog', { name: 'Submit Artwork' });

/** Waits for a toast with exactly this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page
    .locator('.toast__message', { hasText: new RegExp(`^${escape(text)}$`) })
    .first()
    .waitFor();
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The score text and its colour class: ['+1', 'positive']. */
export async function score(c: Locator): Promise<[string, string]> {
  const el = scoreOf(c);
  const cls = (await el.getAttribute('class')) ?? '';
  return [await el.innerText(), /vote__score--(\w+)/.exec(cls)?.[1] ?? ''];
}

/** Brings every card image into view once (they load lazily) and waits until all are decoded. */
export async function loadImages(page: Page): Promise<void> {
  for (const img of await page.locator('.submission-card img').all()) await img.scrollIntoViewIfNeeded();
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('.submission-card img')].every(
      (i) => i.complete && i.naturalWidth > 0,
    ),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Viewport screenshot (or full page) into test-output/screenshots/<name>.png. */
export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  // A full-page capture of a scrolled page draws the sticky header in the middle of it.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage, animations: 'disabled' });
}
