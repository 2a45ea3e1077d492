// The shell for a signed-in visitor, with the API scripted in the browser (page.route), so it runs the
// same against the static server and the full stack: the header's welcome and profile menu, sign-out,
// and the board editor's session renewal, data loading and first lock check.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LIVE_EVENTS_PATH } from '@tessera/facts/live';
import { VIEWPORTS, sharedBrowser, screenshot, urlOf, withPage } from './lib/browser.js';
import { seedUser, signOutFromProfileMenu } from './lib/scripted-auth.js';
import { editorSettled, expectFreeBoard } from './lib/editor-ui.js';

const USER = { id: 'u-1', username: 'ada', email: 'ada@example.com', needsUsernameSelection: false };

const session = sharedBrowser();

/** Scripts the API the pages under test call and records every /api request. */
async function scriptApi(page: Page): Promise<Request[]> {
  const seen: Request[] = [];
  const reply = (body: unknown) => ({
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify(body),
  });
  await page.route('**/api/**', async (route) => {
    const request = route.request();
    seen.push(request);
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/csrf/')) {
      await route.fulfill(reply({ success: true, data: { csrfToken: 'csrf-e2e', expiresIn: 3600 } }));
    } else if (pathname === '/api/auth/refresh-cookie') {
      await route.fulfill(reply({ access_token: 'token-e2e', expires_in: 900, token_type: 'Bearer' }));
    } else if (pathname === '/api/auth/logout') {
      await route.fulfill(reply({ success: true }));
    } else if (pathname === '/api/canvases/active') {
      await route.fulfill(
        reply({
          success: true,
          data: [{ canvas_index: 2, name: 'Harbour Lights', description: 'Dawn', is_active: true }],
        }),
      );
    } else if (pathname === LIVE_EVENTS_PATH) {
      // The editor's event stream: open, no events, and no reconnect within the test.
      await route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
        body: 'retry: 600000\n: no events\n\n',
      });
    } else if (pathname === '/api/boards/my-locks' || pathname === '/api/boards/locks') {
      // Board locks in the BFF's shapes (bff/src/boards/lock-json.ts): no lock anywhere.
      await route.fulfill(reply({ success: true, data: [] }));
    } else if (pathname === '/api/boards/my-current-lock') {
      await route.fulfill(reply({ success: true, hasLock: false, lock: null }));
    } else if (/^\/api\/boards\/2\/\d+\/status$/.test(pathname)) {
      const board = Number(pathname.split('/')[4]);
      await route.fulfill(
        reply({
          success: true,
          data: { isLocked: false, canLock: true, uiBoardIndex: board, canvasIndex: 2, lock: null },
        }),
      );
    } else if (pathname === '/api/pixels/canvas/2/board/26') {
      const data = Array.from({ length: 49 }, (_, i) => ({
        x: i,
        y: i,
        current_color: '#36558F',
        default_color: '#D4E4BC',
        user_id: i % 2 ? 'u-9' : null,
      }));
      await route.fulfill(reply({ success: true, data }));
    } else {
      await route.fulfill({ status: 404, contentType: 'application/json', body: '{"success":false}' });
    }
  });
  return seen;
}

/** Opens `path` as the stored user ada with the API scripted; answers the /api requests, as they come. */
async function openSignedIn(page: Page, path: string): Promise<Request[]> {
  const requests = await scriptApi(page);
  await seedUser(page, USER);
  await page.goto(urlOf(path));
  return requests;
}

describe('signed-in header', () => {
  it('welcomes the user, opens the profile menu and signs out to /login', async () => {
    await withPage(session, VIEWPORTS.desktop, async (page) => {
      const requests = await openSignedIn(page, '/about');
      const account = page.locator('.site-header__account');
      await account.getByText('Welcome, ada').waitFor();
      const trigger = account.getByRole('button', { name: 'Account menu for ada' });
      expect(await trigger.innerText()).toBe('A');
      expect(requests).toHaveLength(0);

      await trigger.click();
      const panel = page.locator('.profile__panel');
      expect(await panel.innerText()).toContain('ada@example.com');
      await screenshot(page, 'profile-menu-desktop');
      await page.keyboard.press('Escape');
      expect(await panel.count()).toBe(0);

      await trigger.click();
      await signOutFromProfileMenu(page);
      const logout = requests.find((r) => new URL(r.url()).pathname === '/api/auth/logout');
      expect(logout?.method()).toBe('POST');
      expect(logout?.headers()['x-csrf-token']).toBe('csrf-e2e');
    });
  });

  it('shows the account in the mobile menu', async () => {
    await withPage(session, VIEWPORTS.mobile, async (page) => {
      await openSignedIn(page, '/about');
      await page.locator('.mobile-menu__toggle').click();
      const panel = page.locator('.mobile-menu__panel');
      expect(await panel.innerText()).toContain('Welcome, ada');
      expect(await panel.getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true);
      await screenshot(page, 'mobile-menu-signed-in');
    });
  });
});

describe('board editor frame', () => {
  it('renews the session, loads the active canvas and the board, and draws it full-screen', async () => {
    await withPage(session, VIEWPORTS.desktop, async (page) => {
      const requests = await openSignedIn(page, '/canvas/art/26?highlight=3-4');
      await editorSettled(page, 26);
      expect(await page.locator('.editor__position').innerText()).toBe('Row 2, Col 2');
      // The board is drawn as a board of the active canvas (its name comes from /api/canvases/active).
      await page.getByRole('application', { name: 'Board 26 of Harbour Lights' }).waitFor();
      expect(await page.locator('.site-header').count()).toBe(0);
      await expectFreeBoard(page);
      expect(
        await page
          .locator('.editor-header__lock')
          .getByRole('button', { name: 'Lock', exact: true })
          .isEnabled(),
      ).toBe(true);
      const paths = requests.map((r) => `${r.method()} ${new URL(r.url()).pathname}`);
      expect(paths).toEqual([
        'GET /api/csrf/csrf-token',
        'POST /api/auth/refresh-cookie',
        'GET /api/canvases/active',
        'GET /api/pixels/canvas/2/board/26',
        `GET ${LIVE_EVENTS_PATH}`,
        'GET /api/boards/my-locks',
        'GET /api/boards/2/26/status',
      ]);
      expect(requests[1]?.headers()['x-csrf-token']).toBe('csrf-e2e');
      expect(requests[3]?.headers().authorization).toBe('Bearer token-e2e');
      // The event stream carries the renewed token in the query (EventSource cannot set headers).
      expect(new URL(requests[4]?.url() ?? '').searchParams.get('access_token')).toBe('token-e2e');
      expect(requests[5]?.headers().authorization).toBe('Bearer token-e2e');
      expect(requests[6]?.headers().authorization).toBe('Bearer token-e2e');
      const corner = await page.evaluate(() => {
        const canvas = document.querySelector('canvas.pixel-grid') as HTMLCanvasElement;
        return Array.from(canvas.getContext('2d')?.getImageData(5, 5, 1, 1).data ?? []);
      });
      expect(corner.slice(0, 3)).toEqual([0x36, 0x55, 0x8f]);
      await screenshot(page, 'editor-desktop');
    });
  });

  it('corrects an invalid board index to 0', async () => {
    await withPage(session, VIEWPORTS.mobile, async (page) => {
      await scriptApi(page);
      await page.route('**/api/pixels/canvas/2/board/0', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true,"data":[]}' }),
      );
      await seedUser(page, USER);
      await page.goto(urlOf('/canvas/art/not-a-board'));
      await page.waitForURL((url) => url.pathname === '/canvas/art/0');
      await editorSettled(page, 0);
      await expectFreeBoard(page);
      await screenshot(page, 'editor-mobile');
    });
  });
});
