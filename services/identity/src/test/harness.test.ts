/**
 * The test harness's helpers that other packages' tests use too (integration/, e2e/): the accounts
 * they sign up with, which must pass the service's own sign-up rules and never repeat, even across
 * processes sharing a server; and the readers of the development outbox file, where a stack's
 * reset codes are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '@tessera/kit/testing';
import { OUTBOX_FILE } from '../adapters/mailer.js';
import { isValidEmail } from '@tessera/facts/account';
import { checkUsername } from '../domain/validation.js';
import { newAccount, newestResetMail, readOutbox, startHarness, TEST_PASSWORD } from './harness.js';

describe('newAccount', () => {
  it('gives valid, distinct accounts named after the prefix', () => {
    const accounts = Array.from({ length: 200 }, (_, i) => newAccount(i % 2 ? 'user' : 'seller_12345'));
    for (const a of accounts) {
      expect(checkUsername(a.username), a.username).toBeNull();
      expect(isValidEmail(a.email), a.email).toBe(true);
      expect(a.password).toBe(TEST_PASSWORD);
    }
    expect(new Set(accounts.map((a) => a.username)).size).toBe(accounts.length);
    expect(accounts[1]!.username).toMatch(new RegExp(`^user_${process.pid}_`));
  });
});

describe('the outbox readers', () => {
  const dirs: (() => void)[] = [];
  afterEach(() => dirs.splice(0).forEach((cleanup) => cleanup()));

  /** An outbox file with `mails` (oldest first), as the development mailer writes it. */
  function outbox(mails: { to: string; text: string; sentAt: string }[]): string {
    const { dir, cleanup } = tempDir('identity-outbox-');
    dirs.push(cleanup);
    const lines = mails.map((m) => JSON.stringify({ ...m, from: 'Tessera', subject: 'Reset' }));
    fs.writeFileSync(path.join(dir, OUTBOX_FILE), `${lines.join('\n')}\n`);
    return dir;
  }
  const mail = (to: string, code: string, sentAt: string) => ({
    to,
    text: `Your password reset code is: ${code}`,
    sentAt,
  });

  it('reads nothing before the first mail', () => {
    const { dir, cleanup } = tempDir('identity-outbox-');
    dirs.push(cleanup);
    expect(readOutbox(dir)).toEqual([]);
    expect(newestResetMail(dir, 'ada@example.com')).toBeUndefined();
  });

  it("finds the newest reset mail to an address (in any case), not another's, not one sent too early", () => {
    const dir = outbox([
      mail('ada@example.com', '111111', '2026-01-01T10:00:00.000Z'),
      mail('ADA@example.com', '222222', '2026-01-01T10:05:00.000Z'),
      mail('bo@example.com', '333333', '2026-01-01T10:10:00.000Z'),
    ]);
    expect(readOutbox(dir).map((m) => m.to)).toEqual([
      'ada@example.com',
      'ADA@example.com',
      'bo@example.com',
    ]);
    expect(newestResetMail(dir, ' Ada@Example.com ')).toMatchObject({ code: '222222' });
    expect(newestResetMail(dir, 'bo@example.com')?.code).toBe('333333');
    expect(newestResetMail(dir, 'ada@example.com', Date.parse('2026-01-01T10:06:00.000Z'))).toBeUndefined();
    expect(newestResetMail(dir, 'cy@example.com')).toBeUndefined();
  });

  it("reads the code of the harness's own service (codeFor waits for the background send)", async () => {
    const h = await startHarness();
    try {
      const account = newAccount();
      await h.client.register(account);
      await h.client.requestPasswordReset({ email: account.email });
      const code = await h.codeFor(account.email);
      expect(code).toMatch(/^\d{6}$/);
      await h.outbox!.flush();
      expect(newestResetMail(h.dir, account.email)?.code).toBe(code);
      await expect(h.codeFor('nobody@example.com')).rejects.toThrow('no reset mail to nobody@example.com');
    } finally {
      await h.close();
    }
  });
});
