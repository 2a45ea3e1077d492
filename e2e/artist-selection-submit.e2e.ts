// The Submit Artwork modal in a real browser with the artist-selection API scripted (page.route,
// lib/scripted-submissions.ts): every validation message, the counters and length limits, the drop
// zone and the file picker, preview and remove; the upload (upload URL, then the direct multipart POST
// without token or CSRF header) before the create call; no closing while submitting; the toast and the
// new submission at the top of New; and the banner for each failure of spec section 8.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UPLOAD_PATH } from '@tessera/facts/artwork';
import { DROPPED, SIZES, VIEWPORTS, sharedBrowser, status, withSignedOutPage } from './lib/browser.js';
import {
  ADA,
  TOKENS,
  card,
  cards,
  expectToast,
  modal,
  openArtistPage,
  shot,
  tab,
  titles,
} from './lib/artist-selection-ui.js';
import { artworkPng } from './lib/png.js';
import { errorReply } from './lib/scripted-auth.js';
import { FakeArtistSelection } from './lib/scripted-submissions.js';

const CREATE = 'POST /api/artist-selection/submissions';
const UPLOAD_URL = 'POST /api/artist-selection/upload-url';
const UPLOAD = `POST ${UPLOAD_PATH}`;
const PNG = artworkPng(7, 120);

const session = sharedBrowser();

/** Drops a file on the drop zone as a drag from the desktop would (dragenter, dragover, drop). */
async function dropFile(page: Page, zone: Locator, name: string, type: string, data: Buffer): Promise<void> {
  const transfer = await page.evaluateHandle(
    ({ name, type, b64 }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], name, { type }));
      return dt;
    },
    { name, type, b64: data.toString('base64') },
  );
  for (const event of ['dragenter', 'dragover', 'drop'])
    await zone.dispatchEvent(event, { dataTransfer: transfer });
}

async function pickFile(page: Page, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    modal(page).getByRole('button', { name: 'Choose a file' }).click(),
  ]);
  await chooser.setFiles({ name, mimeType, buffer });
}

const fieldError = (m: Locator) => m.locator('.field__error');
const title = (m: Locator) => m.getByLabel('Title');
const description = (m: Locator) => m.getByLabel('Description');

async function openModal(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Submit Artwork' }).click();
  const m = modal(page);
  await m.waitFor();
  return m;
}

describe.each(SIZES)('Submit Artwork at %s width', (label, viewport) => {
  it('checks every field, counts characters, takes a dropped or picked image with preview and remove', async () => {
    await withSignedOutPage(session, viewport, async (page) => {
      const fake = new FakeArtistSelection(TOKENS);
      fake.add({ title: 'Meadow' });
      await openArtistPage(page, fake, ADA);
      const m = await openModal(page);

      await m.getByRole('button', { name: 'Submit Artwork' }).click();
      expect(await fieldError(m).allInnerTexts()).toEqual([
        'Please select an image for your artwork',
        'Please enter a title for your artwork',
        'Please enter a description for your artwork',
      ]);
      await title(m).fill('ab');
      // An edit clears that field's error.
      expect(await fieldError(m).count()).toBe(2);
      await description(m).fill('too short');
      await m.getByRole('button', { name: 'Submit Artwork' }).click();
      expect(await fieldError(m).allInnerTexts()).toEqual([
        'Please select an image for your artwork',
        'Title must be at least 3 characters',
        'Description must be at least 10 characters',
      ]);
      expect(await m.locator('.field__counter').allInnerTexts()).toEqual(['2/100', '9/500']);
      await shot(page, `artist-selection-modal-errors-${label}`, false);

      // The inputs stop at their maximum length.
      await title(m).fill('x'.repeat(120));
      expect((await title(m).inputValue()).length).toBe(100);
      await description(m).fill('y'.repeat(600));
      expect(await m.locator('.field__counter').allInnerTexts()).toEqual(['100/100', '500/500']);

      // Wrong type and too large are refused when picked; the zone stays empty.
      const input = m.locator('input[type=file]');
      await input.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
      await m.getByText('Only PNG, JPEG, and WebP images are allowed', { exact: true }).waitFor();
      await input.setInputFiles({
        name: 'huge.png',
        mimeType: 'image/png',
        buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
      });
      await m.getByText('File size must be under 10MB', { exact: true }).waitFor();
      expect(await m.locator('.image-preview').count()).toBe(0);

      await dropFile(page, m.getByTestId('drop-zone'), 'harbour.png', 'image/png', PNG);
      const preview = m.locator('.image-preview__img');
      await preview.waitFor();
      expect(await preview.getAttribute('src')).toMatch(/^blob:/);
      await page.waitForFunction(
        () => (document.querySelector<HTMLImageElement>('.image-preview__img')?.naturalWidth ?? 0) === 120,
      );
      expect(await m.locator('.image-preview__name').innerText()).toBe('harbour.png');
      expect(await m.getByText('File size must be under 10MB').count()).toBe(0);
      await shot(page, `artist-selection-modal-preview-${label}`, false);

      await m.getByRole('button', { name: 'Remove image' }).click();
      await m.getByTestId('drop-zone').waitFor();
      await pickFile(page, 'lighthouse.png', 'image/png', PNG);
      await m.locator('.image-preview__name', { hasText: 'lighthouse.png' }).waitFor();

      await m.getByRole('button', { name: 'Cancel' }).click();
      await m.waitFor({ state: 'detached' });
      expect(fake.callsTo(UPLOAD_URL)).toHaveLength(0);
    });
  });
});

describe('Submit Artwork at 1280 px', () => {
  it('uploads, then creates; cannot be closed meanwhile; the new work tops New', async () => {
    await withSignedOutPage(session, VIEWPORTS.desktop, async (page) => {
      const fake = new FakeArtistSelection(TOKENS);
      fake.add({ title: 'Meadow', createdAt: Date.now() - 3600_000 });
      await openArtistPage(page, fake, ADA, '?sort=new');
      const m = await openModal(page);
      await pickFile(page, 'harbour.png', 'image/png', PNG);
      await title(m).fill('  Harbour at Dawn ');
      await description(m).fill('Boats leaving the harbour at dawn, one pixel at a time.');

      const release = fake.holdNext(CREATE);
      await m.getByRole('button', { name: 'Submit Artwork' }).click();
      const busy = m.getByRole('button', { name: 'Submitting...' });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      expect(await m.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
      expect(await m.getByRole('button', { name: 'Close' }).isDisabled()).toBe(true);
      await page.keyboard.press('Escape');
      await page.mouse.click(5, 400);
      expect(await m.isVisible()).toBe(true);
      await shot(page, 'artist-selection-modal-submitting-desktop', false);

      // By now the image is uploaded: the upload URL, then the direct POST without token or CSRF.
      const [ask] = fake.callsTo(UPLOAD_URL);
      expect(ask?.json).toEqual({ filename: 'harbour.png', contentType: 'image/png', fileSize: PNG.length });
      const [upload] = fake.callsTo(UPLOAD);
      expect(upload?.headers.authorization).toBeUndefined();
      expect(upload?.headers['x-csrf-token']).toBeUndefined();
      expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(upload!.at).toBeGreaterThanOrEqual(ask!.at);
      // The list reload after the create is held: the new work is put at the top of New meanwhile.
      const listsBefore = fake.listCalls().length;
      const releaseList = fake.holdNext('GET /api/artist-selection/submissions');
      release();

      await expectToast(page, 'Submission created successfully!');
      await m.waitFor({ state: 'detached' });
      await card(page, 'Harbour at Dawn').waitFor();
      expect(await titles(page)).toEqual(['Harbour at Dawn', 'Meadow']);
      await expect.poll(() => fake.listCalls().length, { timeout: 10_000 }).toBe(listsBefore + 1);
      releaseList();
      const [create] = fake.callsTo(CREATE);
      expect(create?.json).toEqual({
        title: 'Harbour at Dawn',
        description: 'Boats leaving the harbour at dawn, one pixel at a time.',
        imageUrl: expect.stringMatching(/^\/api\/artist-selection\/images\//) as unknown,
      });
      expect(create?.at).toBeGreaterThanOrEqual(upload!.at);
      expect(await tab(page, 'New').getAttribute('aria-selected')).toBe('true');
      expect((await titles(page))[0]).toBe('Harbour at Dawn');
      const mine = card(page, 'Harbour at Dawn');
      expect(await mine.locator('.submission-card__user').innerText()).toBe('@ada');
      // The image shown is the uploaded one, served back.
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('.submission-card img')].some(
          (i) => i.alt === 'Harbour at Dawn' && i.complete && i.naturalWidth === 120,
        ),
      );
      expect(await page.getByRole('button', { name: 'Submit Artwork' }).count()).toBe(0);
      expect(await mine.locator('.delete-button').count()).toBe(1);
      await shot(page, 'artist-selection-created-desktop');
    });
  });

  it('shows each failure of spec section 8 in the banner, cleared by an edit', async () => {
    await withSignedOutPage(
      session,
      VIEWPORTS.desktop,
      async (page) => {
        const fake = new FakeArtistSelection(TOKENS);
        await openArtistPage(page, fake, ADA);
        const m = await openModal(page);
        await pickFile(page, 'harbour.png', 'image/png', PNG);
        await title(m).fill('Harbour');
        await description(m).fill('Boats leaving the harbour at dawn.');
        const banner = m.locator('.banner--error');
        const expectBanner = async (text: string) => {
          await m.getByRole('button', { name: 'Submit Artwork' }).click();
          await banner.getByText(text, { exact: true }).waitFor();
          expect(await m.isVisible()).toBe(true);
        };

        fake.failNext(CREATE, errorReply(409, 'CONFLICT', 'exists'));
        await expectBanner('You already have an active submission. Please edit or delete it first.');
        await shot(page, 'artist-selection-modal-conflict-desktop', false);
        fake.failNext(CREATE, errorReply(400, 'CONTENT_REJECTED', 'no'));
        await expectBanner(
          'Your submission contains prohibited content. Please remove any hate speech or slurs.',
        );
        fake.failNext(
          UPLOAD_URL,
          errorReply(400, 'VALIDATION_ERROR', 'Unsupported content type', 'contentType'),
        );
        await expectBanner('Only PNG, JPEG, and WebP images are allowed.');
        fake.failNext(UPLOAD_URL, errorReply(400, 'VALIDATION_ERROR', 'File too large', 'fileSize'));
        await expectBanner('File size must be under 10MB.');
        fake.failNext(UPLOAD, { status: 403, body: { message: 'Policy expired' } });
        await expectBanner('Failed to upload image. Please check your file and try again.');
        fake.failNext(CREATE, errorReply(500, 'INTERNAL_SERVER_ERROR', 'boom'));
        await expectBanner('Server error. Please try again in a moment.');
        fake.failNext(CREATE, 'abort');
        await expectBanner('Network error. Please check your connection and try again.');
        fake.failNext(CREATE, errorReply(400, 'VALIDATION_ERROR', 'Title is not allowed here.'));
        await expectBanner('Title is not allowed here.');
        // Nothing was created, and an edit clears the banner.
        expect(fake.submissions).toHaveLength(0);
        await title(m).fill('Harbour at Dawn');
        expect(await banner.count()).toBe(0);

        await m.getByRole('button', { name: 'Submit Artwork' }).click();
        await expectToast(page, 'Submission created successfully!');
        await card(page, 'Harbour at Dawn').waitFor();
      },
      [status(400, 403, 409, 500), DROPPED],
    );
  });
});

describe.each(SIZES)('a new submission at %s width', (label, viewport) => {
  it('is shown on top of New and marked, wherever the page was; thumbnails stay pixel-sharp', async () => {
    await withSignedOutPage(session, viewport, async (page) => {
      const fake = new FakeArtistSelection(TOKENS);
      fake.add({ title: 'Meadow', score: 5 });
      fake.add({ title: 'Orchard', score: 2 });
      await openArtistPage(page, fake, ADA, '?sort=hot');
      const thumb = cards(page).first().locator('img');
      expect(await thumb.evaluate((img) => getComputedStyle(img).imageRendering)).toBe('pixelated');

      const m = await openModal(page);
      await pickFile(page, 'harbour.png', 'image/png', PNG);
      await title(m).fill('Harbour at Dawn');
      await description(m).fill('Boats leaving the harbour at dawn, one pixel at a time.');
      await m.getByRole('button', { name: 'Submit Artwork' }).click();
      await expectToast(page, 'Submission created successfully!');
      await m.waitFor({ state: 'detached' });

      // The page turned to New (it was on Hot), the new work first and marked.
      await page.waitForFunction(() => new URL(location.href).searchParams.get('sort') === 'new');
      const mine = card(page, 'Harbour at Dawn');
      await mine.getByText('Just submitted').waitFor();
      expect(await mine.getAttribute('class')).toContain('submission-card--new');
      expect((await titles(page))[0]).toBe('Harbour at Dawn');
      expect(await tab(page, 'New').getAttribute('aria-selected')).toBe('true');
      await shot(page, `artist-selection-new-marked-${label}`, false);
    });
  });
});
