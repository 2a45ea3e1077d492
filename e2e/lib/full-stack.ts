// Helpers for browser tests that need the whole stack (which stack: ./stack.ts): its health, the
// identity service's development outbox (reset codes) and direct checks of a browser's server-side
// session. New accounts: newAccount of the identity service's test harness.
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from '@tessera/kit/testing';
import { type OutboxEntry, newestResetMail } from '@tessera/identity/testing';

/** Fails unless GET /api/health reports every service SERVING (the BFF really is the full stack). */
export async function assertStackHealthy(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/health`);
  const body = (await res.json().catch(() => null)) as { services?: Record<string, string> } | null;
  if (res.status !== 200 || body?.services?.identity !== 'SERVING') {
    throw new Error(`${baseUrl}/api/health is not a healthy stack: ${res.status} ${JSON.stringify(body)}`);
  }
}

/**
 * Waits for a reset mail to `email` sent at or after `since` (ms) in the stack's identity outbox
 * (`<DATA_DIR>/identity`) and returns it with its code. The identity service sends in the
 * background, so the mail can land shortly after the HTTP answer.
 */
export function waitForResetMail(
  dataDir: string,
  email: string,
  since: number,
  timeoutMs = 10_000,
  codeOf?: (text: string) => string | null,
): Promise<OutboxEntry & { code: string }> {
  // a second of slack: the mail's sentAt is the service's clock, `since` this process's
  return eventually(
    () => newestResetMail(path.join(dataDir, 'identity'), email, since - 1000, codeOf),
    timeoutMs,
  );
}

/** The browser's refresh-token cookie (plain name over http, `__Host-` over https). */
export async function refreshCookieOf(context: BrowserContext): Promise<{
  value: string;
  httpOnly: boolean;
  sameSite: string;
} | null> {
  const cookies = await context.cookies();
  const cookie = cookies.find((c) => c.name === 'tessera_rt' || c.name === '__Host-tessera_rt');
  return cookie ? { value: cookie.value, httpOnly: cookie.httpOnly, sameSite: cookie.sameSite } : null;
}

export interface SessionCheck {
  /** Status of POST /api/auth/refresh-cookie. */
  refreshStatus: number;
  /** The error code when refused. */
  code?: string;
  /** GET /api/auth/me with the renewed access token, when the refresh worked. */
  username?: string;
  email?: string;
}

/**
 * Asks the server, from inside the page (its real cookies, Origin and CSRF token), whether this
 * browser still holds a live session: renews the access token from the refresh cookie and reads
 * /api/auth/me with it.
 */
export async function checkBrowserSession(page: Page): Promise<SessionCheck> {
  return page.evaluate(async () => {
    const csrf = (await (await fetch('/api/csrf/csrf-token', { credentials: 'include' })).json()) as {
      data: { csrfToken: string };
    };
    const refresh = await fetch('/api/auth/refresh-cookie', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf.data.csrfToken },
      body: '{}',
    });
    const body = (await refresh.json()) as { access_token?: string; error?: string };
    if (!refresh.ok || !body.access_token) return { refreshStatus: refresh.status, code: body.error };
    const me = await fetch('/api/auth/me', {
      credentials: 'include',
      headers: { Authorization: `Bearer ${body.access_token}` },
    });
    const user = (await me.json()) as { username?: string; email?: string };
    return { refreshStatus: refresh.status, username: user.username, email: user.email };
  });
}

/**
 * Presents `refreshToken` to the BFF from outside any browser (as a stolen cookie would be): a CSRF
 * token for a new session id, then POST /api/auth/refresh-cookie. Returns the status and error code.
 * Uses the plain cookie names: the stacks under test are served over http (no `__Host-` prefix).
 */
export async function replayRefreshToken(
  baseUrl: string,
  refreshToken: string,
): Promise<{ status: number; code?: string }> {
  const csrfRes = await fetch(`${baseUrl}/api/csrf/csrf-token`);
  const sid = /tessera_sid=([^;]+)/.exec(csrfRes.headers.get('set-cookie') ?? '')?.[1];
  const csrf = (await csrfRes.json()) as { data: { csrfToken: string } };
  if (sid === undefined) throw new Error('GET /api/csrf/csrf-token set no session-id cookie');
  const res = await fetch(`${baseUrl}/api/auth/refresh-cookie`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-CSRF-Token': csrf.data.csrfToken,
      Cookie: `tessera_sid=${sid}; tessera_rt=${refreshToken}`,
    },
    body: '{}',
  });
  const body = (await res.json().catch(() => ({}))) as { error?: string };
  return { status: res.status, code: body.error };
}
