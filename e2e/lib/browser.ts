// Browser helpers for the e2e tests: Debian's chromium driven by playwright-core, a fresh profile per
// launch, console-error collection (any error fails the test) and screenshots.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

export type Viewport = { width: number; height: number };

/** The two widths every page is checked at (1280 px and 390 px), for `describe.each` and `it.each`. */
export const SIZES: Array<[string, Viewport]> = [
  ['desktop', VIEWPORTS.desktop],
  ['mobile', VIEWPORTS.mobile],
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOT_DIR = path.join(root, 'test-output/screenshots');

/** The app under test: TESSERA_BASE_URL, or the static server the global setup started. */
export function baseUrl(): string {
  return inject('baseUrl');
}

export function urlOf(pathname: string): string {
  return `${baseUrl()}${pathname}`;
}

export interface BrowserSession {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Launches chromium with a fresh user-data-dir that is removed on close. */
export async function launchBrowser(): Promise<BrowserSession> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: VIEWPORTS.desktop,
    });
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    context,
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A browser for the tests of the enclosing file or describe block: launched before their first test
 * and closed after their last. The session can be handed to the page helpers at once; its context
 * exists while those tests run.
 */
export function sharedBrowser(): BrowserSession {
  let launched: BrowserSession | undefined;
  const close = async () => {
    const session = launched;
    launched = undefined;
    await session?.close();
  };
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(close);
  return {
    get context() {
      if (!launched) throw new Error('a shared browser runs from beforeAll to afterAll only');
      return launched.context;
    },
    close,
  };
}

export interface PageHandle {
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

export async function openPage(session: BrowserSession, viewport: Viewport): Promise<PageHandle> {
  const page = await session.context.newPage();
  await page.setViewportSize(viewport);
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console error: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return { page, errors };
}

/**
 * Runs fn on a new page, then fails the test if the page logged a console error that `allowed` does
 * not accept (by default none). `signedOut`: the page starts signed out (the browser profile is
 * shared by the tests, so the first load of each page clears what an earlier page stored).
 */
export async function withPage(
  session: BrowserSession,
  viewport: Viewport,
  fn: (page: Page) => Promise<void>,
  opts: { signedOut?: boolean; allowed?: (line: string) => boolean } = {},
): Promise<void> {
  const handle = await openPage(session, viewport);
  if (opts.signedOut)
    await handle.page.addInitScript(() => {
      if (!sessionStorage.getItem('e2e-fresh')) {
        localStorage.clear();
        sessionStorage.setItem('e2e-fresh', '1');
      }
    });
  try {
    await fn(handle.page);
    const allowed = opts.allowed ?? (() => false);
    const unexpected = handle.errors.filter((e) => !allowed(e));
    expect(unexpected, 'console errors on the page').toEqual([]);
  } finally {
    await handle.page.close();
  }
}

/** The browser's console line for a response with one of these HTTP statuses. */
export const status = (...codes: number[]) => new RegExp(`status of (${codes.join('|')})\\b`);
/** The browser's console line for a request the test drops on purpose. */
export const DROPPED = /net::ERR_FAILED/;

/**
 * Runs fn on a new page that starts signed out, then fails on console errors other than the
 * browser's own lines for statuses or dropped connections the test provokes on purpose (`status`,
 * `DROPPED`).
 */
export async function withSignedOutPage(
  session: BrowserSession,
  viewport: Viewport,
  fn: (page: Page) => Promise<void>,
  allowed: RegExp[] = [],
): Promise<void> {
  await withPage(session, viewport, fn, {
    signedOut: true,
    allowed: (e) => allowed.some((re) => re.test(e)),
  });
}

/** Full-page screenshot saved to test-output/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}
