// Shared by the auth browser tests: the /api scripted with page.route, a stored user, and small
// helpers for the /login screen and for signing out (the signed-out page itself: withSignedOutPage in
// browser.ts).
import type { Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { errorBody } from '@tessera/kit';
import { LIVE_EVENTS_PATH } from '@tessera/facts/live';
import { urlOf } from './browser.js';
import { skipTutorial } from './canvas-page.js';

declare global {
  interface Window {
    /** Set by the app (features/auth-dialog/SessionExpiryWatcher.tsx). */
    tessera?: { openSignInDialog: (reason?: string) => void };
  }
}

export interface Reply {
  status: number;
  body: unknown;
}

/** An error answer with the spec's error body, as the BFF builds it (the kit's errorBody). */
export function errorReply(
  status: number,
  code: string,
  message: string,
  field: string | null = null,
): Reply {
  return { status, body: errorBody({ code, status, message, field }) };
}

export interface SeenRequest {
  /** "METHOD /api/path" */
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export type Handler = (request: SeenRequest) => Reply;

// A 1x1 PNG for the canvas image.
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const DEFAULTS: Record<string, Handler> = {
  'POST /api/auth/refresh-cookie': () => ({
    status: 200,
    body: { success: true, access_token: 'token-e2e', expires_in: 900, token_type: 'Bearer' },
  }),
  'POST /api/auth/logout': () => ({ status: 200, body: { success: true } }),
  'GET /api/auth/providers': () => ({
    status: 200,
    body: {
      success: true,
      data: [{ id: 'google', name: 'Google', configured: true, url: '/api/auth/google' }],
    },
  }),
  'GET /api/canvases/active': () => ({
    status: 200,
    body: {
      success: true,
      data: [{ canvas_index: 2, name: 'Harbour Lights', description: 'Dawn', is_active: true }],
    },
  }),
};

/**
 * Scripts /api/* in the browser: CSRF tokens, the defaults above, `handlers` ("METHOD /api/path"), a
 * PNG for the canvas image, the event stream (`liveStream`; none when not given: 204, which an
 * EventSource does not retry), and an empty success for anything else. Records requests.
 */
export async function scriptAuthApi(
  page: Page,
  handlers: Record<string, Handler> = {},
  liveStream?: (route: Route) => Promise<void>,
): Promise<{ requests: SeenRequest[] }> {
  const requests: SeenRequest[] = [];
  await page.route('**/api/**', async (route) => {
    const request = route.request();
    const { pathname } = new URL(request.url());
    const seen: SeenRequest = {
      path: `${request.method()} ${pathname}`,
      body: request.postData() ? (JSON.parse(request.postData() ?? 'null') as unknown) : undefined,
      headers: request.headers(),
    };
    requests.push(seen);
    if (pathname.startsWith('/api/csrf/')) {
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: true, data: { csrfToken: 'csrf-e2e', expiresIn: 3600 } }),
      });
      return;
    }
    if (pathname.startsWith('/api/canvas-composite/')) {
      await route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL_PNG });
      return;
    }
    if (pathname === LIVE_EVENTS_PATH) {
      if (liveStream) await liveStream(route);
      else await route.fulfill({ status: 204, body: '' });
      return;
    }
    const handler = handlers[seen.path] ?? DEFAULTS[seen.path];
    const reply = handler ? handler(seen) : { status: 200, body: { success: true, data: [] } };
    await route.fulfill({
      status: reply.status,
      contentType: 'application/json',
      body: JSON.stringify(reply.body),
    });
  });
  return { requests };
}

/** Puts a stored user in local storage before the first page load (a returning visitor). */
export async function seedUser(page: Page, user: Record<string, unknown>): Promise<void> {
  await page.addInitScript((u) => {
    if (!sessionStorage.getItem('e2e-seeded')) {
      localStorage.setItem('tessera.auth.user', JSON.stringify(u));
      sessionStorage.setItem('e2e-seeded', '1');
    }
  }, user);
}

export const USER = { id: 'u-1', username: 'ada', email: 'ada@example.com', needs_username_selection: false };
export const grant = (user: unknown = USER, extra: Record<string, unknown> = {}) => ({
  status: 200,
  body: { success: true, access_token: 'token-e2e', expires_in: 900, token_type: 'Bearer', user, ...extra },
});
export const INVALID_CREDENTIALS_TEXT =
  "That email or password doesn't look right. Please check both and try again.";
export const SIGN_UP_SUCCESS_TEXT = 'Registration successful! Redirecting...';

export async function openLogin(page: Page, query = ''): Promise<void> {
  await page.goto(urlOf(`/login${query}`));
  await page.getByRole('heading', { level: 1, name: 'Welcome to Tessera' }).waitFor();
}

export const field = (page: Page, name: string) => page.locator(`main input[name="${name}"]`);

/** Opens /login on its Sign Up tab and fills the form (the password confirmed unless told otherwise). */
export async function fillSignUp(
  page: Page,
  form: { username: string; email: string; password: string; confirmPassword?: string },
): Promise<void> {
  await openLogin(page);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await field(page, 'username').fill(form.username);
  await field(page, 'email').fill(form.email);
  await field(page, 'password').fill(form.password);
  await field(page, 'confirmPassword').fill(form.confirmPassword ?? form.password);
}

/** A sent sign-up succeeds: the message shows on /login, then the page goes on to /canvas within 5 s. */
export async function expectSignUpSuccess(page: Page): Promise<void> {
  await page.getByText(SIGN_UP_SUCCESS_TEXT).waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
  await page.waitForURL((url) => url.pathname === '/canvas', { timeout: 5000 });
}

/**
 * Clicks Sign Out in the open profile menu and waits until the page is on /login signed out: the header
 * offers Sign In and no user is stored.
 */
export async function signOutFromProfileMenu(page: Page): Promise<void> {
  await page.locator('.profile__panel').getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.locator('.site-header__account').getByRole('link', { name: 'Sign In' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('tessera.auth.user'))).toBeNull();
}

/**
 * Signs up through the form with the canvas page's first-visit tutorial marked as skipped, so it
 * never covers the page the test goes on to use after landing on /canvas.
 */
export async function signUpSkippingTutorial(
  page: Page,
  account: { username: string; email: string; password: string },
): Promise<void> {
  await skipTutorial(page);
  await signUpInPage(page, account);
}

/** Signs up through the form and waits until the page lands on /canvas signed in. */
export async function signUpInPage(
  page: Page,
  account: { username: string; email: string; password: string },
  timeout = 45_000,
): Promise<void> {
  await fillSignUp(page, account);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL((url) => url.pathname === '/canvas', { timeout });
}
