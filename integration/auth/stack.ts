/** The BFF app and the real identity service on loopback ports, optionally with a real SMTP server. */
import { PEERS, type PeerName } from '@tessera/kit';
import { eventually } from '@tessera/kit/testing';
import { startBff, type RunningBff } from '../../bff/src/auth/test/app.js';
import { Browser, registerUser } from '../../bff/src/auth/test/browser.js';
import { recordLogs, type RecordedLogs } from '../../bff/src/auth/test/log-recorder.js';
import { createPeers } from '../../bff/src/peers.js';
import {
  codeInMail,
  newAccount,
  type TestClock,
  startSmtpServer,
  type TestSmtpServer,
} from '@tessera/identity/testing';
import { startIdentity, type RunningIdentity } from './identity.js';

export interface AuthStack {
  bff: RunningBff;
  identity: RunningIdentity;
  /** identity's clock (the BFF keeps real time). */
  clock: TestClock;
  logs: RecordedLogs;
  /** The real SMTP server identity sends to (with `{ smtp: true }`). */
  smtp: TestSmtpServer | undefined;
  /** The 6-digit code of the newest reset mail to `email` (SMTP or the dev outbox); waits for it. */
  resetCodeFor(email: string, opts?: { newerThan?: string }): Promise<string>;
  close(): Promise<void>;
}

export async function startAuthStack(
  env: Record<string, string> = {},
  opts: { smtp?: boolean; identityEnv?: Record<string, string> } = {},
): Promise<AuthStack> {
  const smtp = opts.smtp ? await startSmtpServer() : undefined;
  const identity = await startIdentity({
    env: { ...(smtp ? { SMTP_URL: smtp.url } : {}), ...opts.identityEnv },
  });
  const logs = recordLogs();
  const urls = Object.fromEntries(
    PEERS.map((p) => [p, p === 'identity' ? identity.url : 'http://127.0.0.1:9']),
  ) as Record<PeerName, string>;
  // a deadline that a busy test machine cannot miss (the BFF's test default is 2 s)
  const peers = createPeers(urls, 15_000);
  // one bus for both, so identity's tessera.session.revoked reaches the BFF
  const bff = await startBff(
    { identity: identity.url },
    { env, deps: { logger: logs.logger, peers, bus: identity.bus } },
  );

  const newestCode = (email: string): string | undefined => {
    if (!smtp) return identity.outboxCode(email);
    const want = email.toLowerCase();
    const mail = [...smtp.received].reverse().find((m) => m.to.some((t) => t.toLowerCase() === want));
    return mail ? (codeInMail(mail.text) ?? undefined) : undefined;
  };

  return {
    bff,
    identity,
    clock: identity.clock,
    logs,
    smtp,
    resetCodeFor(email, o = {}) {
      return eventually(() => {
        const code = newestCode(email);
        return code !== undefined && code !== o.newerThan ? code : undefined;
      }, 30_000);
    },
    close: async () => {
      await bff.close();
      await identity.close();
      await smtp?.close();
    },
  };
}

/** A fresh browser on `base` with a new user signed up in it (registerUser with a newAccount). */
export async function signedUpBrowser(base: string) {
  const browser = new Browser(base);
  return { browser, ...(await registerUser(browser, newAccount())) };
}

/** Asks for a password reset code for `email` from browser `b`, as a signed-out page does (no CSRF token). */
export function askResetCode(b: Browser, email: string) {
  return b.request('POST', '/api/auth/reset-password-email', { body: { email }, csrf: false });
}
