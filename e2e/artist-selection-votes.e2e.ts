// Votes and the owner's delete on the artist selection page, in a real browser with the
// artist-selection API scripted (page.route, lib/scripted-submissions.ts): set, switch and remove
// with the score colours, the 300 ms pulse and the toasts; the optimistic update put back on failure;
// 404, network and other failures; removal by downvotes; re-sorting under Hot; the two-step Delete
// (Confirm Delete?, Deleting..., the previous page when the last item of a page goes; 403 and 404);
// a visitor who may not vote yet verifies their e-mail in the dialog and the vote goes through, and
// the author's own vote is refused with the server's words.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DROPPED, SIZES, VIEWPORTS, sharedBrowser, status, withSignedOutPage } from './lib/browser.js';
import {
  ADA,
  BOB,
  TOKENS,
  card,
  expectToast,
  openArtistPage,
  score,
  shot,
  titles,
} from './lib/artist-selection-ui.js';
import { VERIFICATION_MESSAGES, VOTE_REFUSAL_MESSAGES, VOTER_NOT_ELIGIBLE } from '@tessera/facts/eligibility';
import { errorReply } from './lib/scripted-auth.js';
import { FakeArtistSelection } from './lib/scripted-submissions.js';

const voteKey = (id: string) => `POST /api/artist-selection/submissions/${id}/vote`;
const deleteKey = (id: string) => `DELETE /api/artist-selection/submissions/${id}`;

declare global {
  interface Window {
    __pulses?: Array<{ label: string; on: number; off?: number }>;
  }
}

/** Records when a vote button gets and loses its pulse class. */
async function watchPulses(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__pulses = [];
    const pulses = window.__pulses;
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        const el = m.target as Element;
        if (!el.classList.contains('vote__button')) continue;
        const label = el.getAttribute('aria-label') ?? '';
        const open = pulses.find((p) => p.label === label && p.off === undefined);
        if (el.classList.contains('is-pulsing') && !open) pulses.push({ label, on: performance.now() });
        if (!el.classList.contains('is-pulsing') && open) open.off = performance.now();
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
  });
}

const session = sharedBrowser();

describe.each(SIZES)('votes at %s width', (label, viewport) => {
  it('sets, switches and removes a vote with its colour, pulse and toast; Hot re-sorts', async () => {
    await withSignedOutPage(session, viewport, async (page) => {
      const fake = new FakeArtistSelection(TOKENS);
      fake.add({ title: 'Meadow', score: 1, createdAt: Date.now() - 60_000 });
      const harbour = fake.add({ title: 'Harbour', score: 1, createdAt: Date.now() - 120_000 });
      await openArtistPage(page, fake, BOB);
      expect(await titles(page)).toEqual(['Meadow', 'Harbour']);
      // The list was asked for with Bob's token: it carries his votes.
      expect(fake.listCalls()[0]?.headers.authorization).toBe(`Bearer ${BOB.token}`);
      const c = card(page, 'Harbour');
      const up = c.getByRole('button', { name: 'Upvote' });
      const down = c.getByRole('button', { name: 'Downvote' });
      expect(await up.getAttribute('title')).toBe('Upvote');

      await watchPulses(page);
      await up.click();
      await expectToast(page, 'Upvoted!');
      expect(await score(c)).toEqual(['+2', 'positive']);
      expect(await up.getAttribute('aria-pressed')).toBe('true');
      // Under Hot the list is re-sorted by net score after the vote.
      expect(await titles(page)).toEqual(['Harbour', 'Meadow']);
      // The tapped button pulsed once, and stopped (the time is printed, not asserted).
      await page.waitForFunction(() => window.__pulses?.[0]?.off !== undefined, undefined, {
        timeout: 10_000,
      });
      const pulses = await page.evaluate(() => window.__pulses ?? []);
      expect(pulses.map((p) => p.label)).toEqual(['Upvote']);
      console.log(
        `[e2e] the vote button pulsed for ${Math.round((pulses[0]?.off ?? 0) - (pulses[0]?.on ?? 0))} ms`,
      );
      await shot(page, `artist-selection-voted-${label}`, false);

      await down.click();
      await expectToast(page, 'Downvoted!');
      expect(await score(c)).toEqual(['0', 'zero']);
      expect(await down.getAttribute('aria-pressed')).toBe('true');
      expect(await up.getAttribute('aria-pressed')).toBe('false');
      expect(await titles(page)).toEqual(['Meadow', 'Harbour']);

      await down.click();
      await expectToast(page, 'Vote removed');
      expect(await score(c)).toEqual(['+1', 'positive']);
      expect(fake.callsTo(voteKey(harbour.id)).map((v) => v.json)).toEqual([
        { voteType: 1 },
        { voteType: -1 },
        { voteType: -1 },
      ]);
      for (const v of fake.callsTo(voteKey(harbour.id))) expect(v.headers['x-csrf-token']).toBe('csrf-e2e');
    });
  });
});

describe('votes at 1280 px', () => {
  it('shows the vote at once and puts it back when the call fails', async () => {
    await withSignedOutPage(
      session,
      VIEWPORTS.desktop,
      async (page) => {
        const fake = new FakeArtistSelection(TOKENS);
        const s = fake.add({ title: 'Harbour', score: -3 });
        await openArtistPage(page, fake, ADA);
        const c = card(page, 'Harbour');
        expect(await score(c)).toEqual(['-3', 'negative']);

        const release = fake.holdNext(voteKey(s.id), errorReply(500, 'INTERNAL_SERVER_ERROR', 'boom'));
        await c.getByRole('button', { name: 'Upvote' }).click();
        await c.locator('.vote__score', { hasText: '-2' }).waitFor();
        expect(await c.getByRole('button', { name: 'Upvote' }).getAttribute('aria-pressed')).toBe('true');
        release();
        await expectToast(page, 'Failed to vote. Please try again.');
        expect(await score(c)).toEqual(['-3', 'negative']);
        expect(await c.getByRole('button', { name: 'Upvote' }).getAttribute('aria-pressed')).toBe('false');

        fake.failNext(voteKey(s.id), 'abort');
        await c.getByRole('button', { name: 'Downvote' }).click();
        await expectToast(page, 'Network error. Please check your connection and try again.');
        expect(await score(c)).toEqual(['-3', 'negative']);

        fake.failNext(voteKey(s.id), errorReply(400, 'VALIDATION_ERROR', 'bad'));
        await c.getByRole('button', { name: 'Downvote' }).click();
        await expectToast(page, 'Invalid vote type.');
        await shot(page, 'artist-selection-vote-failed-desktop', false);
      },
      [status(500, 400), DROPPED],
    );
  });

  it('a submission gone meanwhile: "This submission no longer exists" and the list reloads', async () => {
    await withSignedOutPage(
      session,
      VIEWPORTS.desktop,
      async (page) => {
        const fake = new FakeArtistSelection(TOKENS);
        fake.add({ title: 'Meadow' });
        const gone = fake.add({ title: 'Harbour' });
        await openArtistPage(page, fake, ADA);
        fake.submissions.splice(fake.submissions.indexOf(gone), 1);
        const before = fake.listCalls().length;
        await card(page, 'Harbour').getByRole('button', { name: 'Upvote' }).click();
        await expectToast(page, 'This submission no longer exists');
        await card(page, 'Harbour').waitFor({ state: 'detached' });
        expect(fake.listCalls().length).toBeGreaterThan(before);
        expect(await titles(page)).toEqual(['Meadow']);
      },
      [status(404)],
    );
  });

  it('the tenth downvote removes it: "Submission was removed due to excessive downvotes"', async () => {
    await withSignedOutPage(session, VIEWPORTS.desktop, async (page) => {
      const fake = new FakeArtistSelection(TOKENS);
      fake.add({ title: 'Meadow' });
      fake.add({ title: 'Harbour', score: -9 });
      await openArtistPage(page, fake, ADA);
      await card(page, 'Harbour').getByRole('button', { name: 'Downvote' }).click();
      await expectToast(page, 'Submission was removed due to excessive downvotes');
      await card(page, 'Harbour').waitFor({ state: 'detached' });
      expect(await titles(page)).toEqual(['Meadow']);
    });
  });
});

describe('a visitor who may not vote yet (who may vote: facts/eligibility)', () => {
  it.each(SIZES)(
    'at %s width is told what to do, verifies with the mailed code, and the vote is sent again',
    async (label, viewport) => {
      await withSignedOutPage(
        session,
        viewport,
        async (page) => {
          const fake = new FakeArtistSelection(TOKENS);
          const harbour = fake.add({ title: 'Harbour', score: 2 });
          fake.failNext(
            voteKey(harbour.id),
            errorReply(403, VOTER_NOT_ELIGIBLE, VOTE_REFUSAL_MESSAGES.ineligible),
          );
          const sent: string[] = [];
          await openArtistPage(page, fake, BOB, '', {
            'POST /api/auth/email-verification': (r) => {
              sent.push(String(r.headers['x-csrf-token'] ?? ''));
              return {
                status: 200,
                body: {
                  success: true,
                  alreadyVerified: false,
                  message: 'We sent a 6-digit code to bob@example.com.',
                },
              };
            },
            'POST /api/auth/email-verification/confirm': (r) =>
              (r.body as { code?: string }).code === '424242'
                ? { status: 200, body: { success: true, message: VERIFICATION_MESSAGES.verified } }
                : errorReply(400, 'VALIDATION_ERROR', "That code doesn't match. 4 attempts left.", 'code'),
          });
          const c = card(page, 'Harbour');
          await c.getByRole('button', { name: 'Upvote' }).click();
          const dialog = page.getByRole('dialog', { name: 'Verify your e-mail to vote' });
          await dialog.getByText(VOTE_REFUSAL_MESSAGES.ineligible).waitFor();
          // the refused vote was put back: no toast, the score as it was
          expect(await score(c)).toEqual(['+2', 'positive']);
          await dialog.getByRole('button', { name: 'Send me a code' }).click();
          await dialog.getByText('We sent a 6-digit code to bob@example.com.').waitFor();
          expect(sent).toEqual(['csrf-e2e']);
          // a short code is caught on the page; a wrong one shows the server's answer
          await dialog.getByLabel('Verification code').fill('123');
          await dialog.getByRole('button', { name: 'Verify and vote' }).click();
          await dialog.getByText(VERIFICATION_MESSAGES.codeShape).waitFor();
          await dialog.getByLabel('Verification code').fill('111111');
          await dialog.getByRole('button', { name: 'Verify and vote' }).click();
          await dialog.getByText("That code doesn't match. 4 attempts left.").waitFor();
          await shot(page, `artist-selection-verify-email-${label}`, false);
          await dialog.getByLabel('Verification code').fill('424242');
          await dialog.getByRole('button', { name: 'Verify and vote' }).click();
          await expectToast(page, VERIFICATION_MESSAGES.verified);
          await dialog.waitFor({ state: 'detached' });
          await expectToast(page, 'Upvoted!');
          expect(await score(c)).toEqual(['+3', 'positive']);
          expect(fake.callsTo(voteKey(harbour.id))).toHaveLength(2);
        },
        [status(403, 400)],
      );
    },
  );

  it("the author's own vote: the server's words in a toast, no dialog", async () => {
    await withSignedOutPage(
      session,
      VIEWPORTS.desktop,
      async (page) => {
        const fake = new FakeArtistSelection(TOKENS);
        const own = fake.add({ title: 'Still Life', userId: BOB.id, username: BOB.username, score: 1 });
        await openArtistPage(page, fake, BOB);
        // the server refuses the author (FORBIDDEN, field id) with its own words
        fake.failNext(voteKey(own.id), errorReply(403, 'FORBIDDEN', VOTE_REFUSAL_MESSAGES.own, 'id'));
        const stillLife = card(page, 'Still Life');
        await stillLife.getByRole('button', { name: 'Downvote' }).click();
        await expectToast(page, VOTE_REFUSAL_MESSAGES.own);
        expect(await page.getByRole('dialog').count()).toBe(0);
        expect(await score(stillLife)).toEqual(['+1', 'positive']);
      },
      [status(403)],
    );
  });
});

describe('the owner deletes their submission', () => {
  it.each(SIZES)('in two steps at %s width, then lands on the previous page', async (label, viewport) => {
    await withSignedOutPage(session, viewport, async (page) => {
      const fake = new FakeArtistSelection(TOKENS);
      for (let i = 1; i <= 10; i++) fake.add({ title: `Piece ${i}`, score: 2 });
      const mine = fake.add({ title: 'Harbour', userId: ADA.id, username: ADA.username, score: -1 });
      await openArtistPage(page, fake, ADA, '?page=2');
      expect(await titles(page)).toEqual(['Harbour']);
      // Ada already has a submission (found in the list): no Submit Artwork button.
      expect(await page.getByRole('button', { name: 'Submit Artwork' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Sign In to Submit' }).count()).toBe(0);

      const del = card(page, 'Harbour').locator('.delete-button');
      expect(await del.innerText()).toBe('Delete');
      await del.click();
      expect(await del.innerText()).toBe('Confirm Delete?');
      await shot(page, `artist-selection-confirm-delete-${label}`, false);
      // Leaving the button disarms it.
      await page.locator('h1').click();
      expect(await del.innerText()).toBe('Delete');
      expect(fake.callsTo(deleteKey(mine.id))).toHaveLength(0);

      await del.click();
      const release = fake.holdNext(deleteKey(mine.id));
      await del.click();
      await del.getByText('Deleting...').waitFor();
      expect(await del.isDisabled()).toBe(true);
      // The list's reload is held: going back a page comes from the delete itself, not from a reload
      // that finds page 2 empty.
      const releaseList = fake.holdNext('GET /api/artist-selection/submissions');
      release();
      await expectToast(page, 'Submission deleted successfully');
      await page.waitForURL((u) => !u.searchParams.has('page'), { timeout: 10_000 });
      releaseList();
      await page.waitForFunction(() => document.querySelectorAll('.submission-card').length === 10);
      await page.locator('.pagination__status').waitFor({ state: 'detached' });
      expect(fake.callsTo(deleteKey(mine.id))[0]?.headers['x-csrf-token']).toBe('csrf-e2e');
      await page.getByRole('button', { name: 'Submit Artwork' }).waitFor();
      // Only the owner's card has a Delete button.
      expect(await page.locator('.delete-button').count()).toBe(0);
    });
  });

  it('403 and 404 answers have their toasts; 404 reloads the list', async () => {
    await withSignedOutPage(
      session,
      VIEWPORTS.desktop,
      async (page) => {
        const fake = new FakeArtistSelection(TOKENS);
        const mine = fake.add({ title: 'Harbour', userId: ADA.id, username: ADA.username });
        await openArtistPage(page, fake, ADA);
        const del = card(page, 'Harbour').locator('.delete-button');

        fake.failNext(deleteKey(mine.id), errorReply(403, 'FORBIDDEN', 'x'));
        await del.click();
        await del.click();
        await expectToast(page, 'You do not have permission to delete this submission');
        await del.getByText('Delete', { exact: true }).waitFor();

        fake.submissions.length = 0;
        const before = fake.listCalls().length;
        await del.click();
        await del.click();
        await expectToast(page, 'This submission has already been deleted');
        await page.getByText('No submissions yet').waitFor();
        expect(fake.listCalls().length).toBeGreaterThan(before);
      },
      [status(403, 404)],
    );
  });
});
