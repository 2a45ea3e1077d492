import fs from 'node:fs';
import path from 'node:path';
import fsp from 'node:fs/promises';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { tempDir, testLogger } from '@tessera/kit/testing';
import { FREE_FAILURES } from '../security/throttle.js';
import { createMailer, OutboxMailer, SmtpMailer } from './mailer.js';
import { openRepositories } from './repositories.js';
import { storedKeyProvider } from './signing-keys.js';
import { startSmtpServer } from '../test/smtp.js';
import { AccountThrottle, ResendCooldown } from './throttle-store.js';
import { createEmbeddedDocumentStore, createMemoryKeyValueStore } from '@tessera/embedded';

const logger = testLogger('identity');

describe('throttle state in the key-value store', () => {
  it('counts every one of many concurrent failures', async () => {
    const kv = createMemoryKeyValueStore();
    const t = new AccountThrottle(kv);
    await Promise.all(Array.from({ length: FREE_FAILURES }, () => t.fail('a@b.co', 1000)));
    expect(await t.check('a@b.co', 1000)).toMatchObject({ allowed: false, locked: false });
    expect(await t.check('other@b.co', 1000)).toEqual({ allowed: true });
    await t.clear('a@b.co');
    expect(await t.check('a@b.co', 1000)).toEqual({ allowed: true });
    expect((await kv.scan('identity:')).every((e) => !e.key.includes('@'))).toBe(true);
  });

  it('lets one of several concurrent reset requests through', async () => {
    const c = new ResendCooldown(createMemoryKeyValueStore());
    const waits = await Promise.all(Array.from({ length: 5 }, () => c.claim('a@b.co', 1000)));
    expect(waits.filter((w) => w === 0)).toHaveLength(1);
    expect(await c.claim('a@b.co', 61_001)).toBe(0);
  });
});

describe('stored signing key', () => {
  it('is generated once, even by concurrent first starts, and survives reopening', async () => {
    const { dir, cleanup } = tempDir();
    const store = await createEmbeddedDocumentStore(dir, { logger });
    onTestFinished(cleanup);
    onTestFinished(() => store.close());
    const repos = await openRepositories(store);
    const [a, b] = await Promise.all([
      storedKeyProvider(repos.keys, Date.now, logger),
      storedKeyProvider(repos.keys, Date.now, logger),
    ]);
    expect((await a.current()).kid).toBe((await b.current()).kid);
  });
});

describe('mailers', () => {
  it('the outbox keeps the last messages and appends JSON lines', async () => {
    const { dir, cleanup } = tempDir();
    onTestFinished(cleanup);
    const mailer = createMailer({ mailFrom: 'x@y.z', production: false }, dir, logger);
    expect(mailer).toBeInstanceOf(OutboxMailer);
    for (let i = 0; i < 60; i++) await mailer.send({ to: `u${i}@x.io`, subject: 's', text: `t${i}` });
    const outbox = mailer as OutboxMailer;
    expect(outbox.messages).toHaveLength(50);
    expect(outbox.lastTo('U59@x.io')?.text).toBe('t59');
    const lines = fs.readFileSync(path.join(dir, 'outbox.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(60);
  });

  it('the outbox writes the mails sent meanwhile together, each in the file when its send resolves', async () => {
    const { dir, cleanup } = tempDir();
    onTestFinished(cleanup);
    const appends = vi.spyOn(fsp, 'appendFile');
    onTestFinished(() => appends.mockRestore());
    const mailer = createMailer({ mailFrom: 'x@y.z', production: false }, dir, logger);
    const file = path.join(dir, 'outbox.jsonl');
    const read = () => fs.readFileSync(file, 'utf8').trim().split('\n');
    const sent = Array.from({ length: 40 }, (_, i) =>
      mailer.send({ to: `u${i}@x.io`, subject: 's', text: `t${i}` }).then(() => read().length),
    );
    const seen = await Promise.all(sent);
    // every send resolved with its own line (and those before it) in the file
    seen.forEach((n, i) => expect(n).toBeGreaterThanOrEqual(i + 1));
    expect(read().map((l) => (JSON.parse(l) as { text: string }).text)).toEqual(
      Array.from({ length: 40 }, (_, i) => `t${i}`),
    );
    // the first mail's write, then one for the 39 sent while it was under way
    expect(appends.mock.calls.length).toBeLessThanOrEqual(2);
    // a mail sent after the writes ended is written too
    await mailer.send({ to: 'late@x.io', subject: 's', text: 'late' });
    expect(read()).toHaveLength(41);
  });

  it('a failed outbox write fails the sends it carried; the next write makes the folder again', async () => {
    const { dir, cleanup } = tempDir();
    onTestFinished(cleanup);
    const mailer = createMailer({ mailFrom: 'x@y.z', production: false }, path.join(dir, 'id'), logger);
    await mailer.send({ to: 'a@x.io', subject: 's', text: 'first' });
    fs.rmSync(path.join(dir, 'id'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'id'), 'a file where the folder was');
    await expect(mailer.send({ to: 'b@x.io', subject: 's', text: 'lost' })).rejects.toThrow();
    fs.rmSync(path.join(dir, 'id'));
    await mailer.send({ to: 'c@x.io', subject: 's', text: 'again' });
    const lines = fs
      .readFileSync(path.join(dir, 'id', 'outbox.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { text: string }).text)).toEqual(['again']);
  });

  it('in production the outbox writes no file', async () => {
    const { dir, cleanup } = tempDir();
    onTestFinished(cleanup);
    const mailer = createMailer({ mailFrom: 'x@y.z', production: true }, dir, logger);
    await mailer.send({ to: 'a@b.co', subject: 's', text: 't' });
    expect(fs.existsSync(path.join(dir, 'outbox.jsonl'))).toBe(false);
  });

  it('SMTP delivers through nodemailer', async () => {
    const smtp = await startSmtpServer();
    onTestFinished(() => smtp.close());
    const mailer = createMailer(
      { smtpUrl: smtp.url, mailFrom: 'Tessera <no-reply@x.io>', production: true },
      '',
      logger,
    );
    expect(mailer).toBeInstanceOf(SmtpMailer);
    await mailer.send({
      to: 'a@b.co',
      subject: 'Your code: 123456',
      text: 'Your 6-digit reset code is: 123456',
    });
    await mailer.close();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ to: ['a@b.co'], subject: 'Your code: 123456' });
    expect(smtp.received[0]!.text).toContain('123456');
  });
});
