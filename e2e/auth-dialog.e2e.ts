// The rest of the auth screens in a real browser with the API scripted: the OAuth callback, the
// username choice, the sign-in dialog variants and the session-expired flow.
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, screenshot, sharedBrowser, status, urlOf, withSignedOutPage } from './lib/browser.js';
import { USER, field, grant, scriptAuthApi, seedUser } from './lib/scripted-auth.js';

const session = sharedBrowser();

describe('OAuth callback', () => {
  it('exchanges the token, cleans the URL and asks for a username', async () => {
    await withSignedOutPage(session, VIEWPORTS.desktop, async (page) => {
      const newUser = { id: 'u-2', username: null, email: 'g@example.com', needs_username_selection: true };
      const api = await scriptAuthApi(page, {
        'POST /api/auth/oauth/exchange': () => grant(newUser, { needs_username_selection: true }),
      });
      await page.goto(urlOf('/auth/callback?exchange_token=ex-123'));
      await page.waitForURL((url) => url.pathname === '/select-username');
      expect(page.url()).not.toContain('ex-123');
      await page.getByRole('heading', { level: 1, name: 'Choose Your Username' }).waitFor();
      const exchanges = api.requests.filter((r) => r.path === 'POST /api/auth/oauth/exchange');
      expect(exchanges).toHaveLength(1);
      expect(exchanges[0]?.body).toEqual({ exchange_token: 'ex-123' });
    });
  });

  it('shows the provider failure and returns to /login?error=oauth_failed after 3 s', async () => {
    await withSignedOutPage(session, VIEWPORTS.mobile, async (page) => {
      await scriptAuthApi(page);
      await page.goto(urlOf('/auth/callback?error=google_auth_failed'));
      await page.getByRole('heading', { level: 1, name: 'Authentication Error' }).waitFor();
      await page.getByText('Authentication with Google failed').waitFor();
      await page.getByText('Redirecting to login page...').waitFor();
      await screenshot(page, 'auth-callback-error-mobile');
      await page.waitForURL((url) => url.pathname === '/login' && url.search === '?error=oauth_failed', {
        timeout: 6000,
      });
    });
  });
});

describe('username choice', () => {
  it('validates, shows the server refusal in the banner, then saves and opens the canvas', async () => {
    await withSignedOutPage(
      session,
      VIEWPORTS.desktop,
      async (page) => {
        let attempts = 0;
        const api = await scriptAuthApi(page, {
          'PATCH /api/auth/update-username': () =>
            ++attempts === 1
              ? {
                  status: 409,
                  body: {
                    success: false,
                    error: 'USERNAME_ALREADY_EXISTS',
                    message: 'taken',
                    field: 'username',
                  },
                }
              : { status: 200, body: { success: true, data: { ...USER, username: 'grace_h' } } },
        });
        await seedUser(page, {
          id: 'u-2',
          username: null,
          email: 'g@example.com',
          needsUsernameSelection: true,
        });
        await page.goto(urlOf('/canvas'));
        await page.waitForURL((url) => url.pathname === '/select-username');
        const input = field(page, 'username');
        const cont = page.getByRole('button', { name: 'Continue' });
        expect(await cont.isDisabled()).toBe(true);
        const cases: Array<[string, string]> = [
          ['ab', 'Username must be at least 3 characters'],
          ['grace hopper', 'Username can only contain letters, numbers, and underscores'],
          ['g'.repeat(50), 'Username must be less than 50 characters'],
          ['', 'Username is required'],
        ];
        for (const [value, message] of cases) {
          await input.fill(value);
          expect(await page.locator('.field__error').innerText()).toBe(message);
          expect(await cont.isDisabled()).toBe(true);
        }
        await input.fill('ada');
        await cont.click();
        const banner = page.locator('.banner--warning');
        await banner.waitFor();
        expect(await banner.innerText()).toBe('That username is already taken. Please choose another one.');
        await screenshot(page, 'select-username-taken-desktop');
        await input.fill('grace_h');
        await input.press('Enter');
        await page.waitForURL((url) => url.pathname === '/canvas');
        await page.locator('.site-header__account').getByText('Welcome, grace_h').waitFor();
        const patch = api.requests.filter((r) => r.path === 'PATCH /api/auth/update-username').at(-1);
        expect(patch?.body).toEqual({ username: 'grace_h' });
        expect(patch?.headers.authorization).toBe('Bearer token-e2e');
      },
      [status(409)],
    );
  });
});

describe('sign-in dialog', () => {
  const VARIANTS: Array<[string, string]> = [
    ['board-edit', 'Sign In to Edit'],
    ['board-lock', 'Sign In to Claim Board'],
    ['pixel-purchase', 'Sign In to Purchase'],
    ['session-expired', 'Session Expired'],
    ['api-auth-error', 'Authentication Required'],
    ['protected-action', 'Sign In Required'],
    ['default', 'Sign In Required'],
  ];

  it('shows every variant; Cancel closes it, Sign In opens /login', async () => {
    await withSignedOutPage(session, VIEWPORTS.desktop, async (page) => {
      await scriptAuthApi(page);
      await page.goto(urlOf('/about'));
      await page.locator('main h1').first().waitFor();
      const dialog = page.getByRole('dialog');
      for (const [reason, title] of VARIANTS) {
        await page.evaluate((r) => window.tessera?.openSignInDialog(r), reason);
        await dialog.getByRole('heading', { name: title }).waitFor();
        if (reason === 'pixel-purchase') {
          expect(await dialog.innerText()).toContain('70%');
          await screenshot(page, 'signin-dialog-pixel-purchase-desktop');
        }
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
      await page.evaluate(() => window.tessera?.openSignInDialog('board-edit'));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.evaluate(() => window.tessera?.openSignInDialog('board-lock'));
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await dialog.waitFor({ state: 'hidden' });
    });
  });

  it('opens "Session Expired" when the session cannot be renewed and ends on /login', async () => {
    await withSignedOutPage(
      session,
      VIEWPORTS.mobile,
      async (page) => {
        await scriptAuthApi(page, {
          'POST /api/auth/refresh-cookie': () => ({
            status: 401,
            body: { success: false, error: 'REFRESH_TOKEN_INVALID', message: 'ended' },
          }),
        });
        await seedUser(page, {
          id: 'u-1',
          username: 'ada',
          email: 'ada@example.com',
          needsUsernameSelection: false,
        });
        await page.goto(urlOf('/canvas/art/3'));
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('heading', { name: 'Session Expired' }).waitFor();
        await screenshot(page, 'signin-dialog-session-expired-mobile');
        await page.waitForURL((url) => url.pathname === '/login');
        await dialog.waitFor({ state: 'hidden', timeout: 4000 });
        expect(await page.evaluate(() => localStorage.getItem('tessera.auth.user'))).toBeNull();
      },
      [status(401)],
    );
  });
});
