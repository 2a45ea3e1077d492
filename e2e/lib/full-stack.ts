// Helpers for browser tests that need the whole stack (which stack: ./stack.ts): its health, the
// identity service's development outbox (reset codes) and direct checks of a browser's server-side
// session. New accounts: newAccount of the identity service's test harness.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/** Fails unless GET /api/health reports every service SERVING (the BFF really is the full stack). */
export async function assertStackHealthy(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/health`);
  const body = (await res.json().catch(() => null)) as { services?: Record<string, string> } | null;
  if (res.status !== 200 || body?.services?.identity !== 'SERVING') {
    throw new Error(`${baseUrl}/api/health is not a healthy stack: ${res.status} ${JSON.stringify(body)}`);
  }
}

/** `<DATA_DIR>/identity/outbox.jsonl` (services/identity/src/adapters/mailer.ts). */
export function outboxFile(dataDir: string): string {
  return path.join(dataDir, 'identity', 'outbox.jsonl');
}

export interface OutboxMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  sentAt: string;
}

export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  let raw: string;
  try {
    raw = await readFile(outboxFile(dataDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return raw
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OutboxMail);
}

/** The 6-digit code in a reset mail's text, or null. */
export function resetCodeOf(mail: Pick<OutboxMail, 'text'>): string | null {
  return /reset code is: (\d{6})\b/.exec(mail.text)?.[1] ?? null;
}

/**
 * Waits for a reset mail to `email` sent at or after `since` (ms) and returns it with its code. The
 * identity service sends in the background, so the mail can land shortly after the HTTP answer.
 */
export async function waitForResetMail(
  dataDir: string,
  email: string,
  since: number,
  timeoutMs = 10_000,
): Promise<OutboxMail & { code: string }> {
  const want = email.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await readOutbox(dataDir);
    const mail = mails
      .filter((m) => m.to.toLowerCase() === want && Date.parse(m.sentAt) >= since - 1000)
      .at(-1);
    const code = mail ? resetCodeOf(mail) : null;
    if (mail && code) return { ...mail, code };
    if (Date.now() > deadline) {
      throw new Error(`no reset mail to ${email} in ${outboxFile(dataDir)} within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
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
