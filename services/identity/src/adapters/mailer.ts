/**
 * The mailer port's two adapters: SMTP through nodemailer when SMTP_URL is set, else the
 * development outbox, which logs each message, keeps the last ones in memory (tests) and, outside
 * production, appends each as one JSON line to `<DATA_DIR>/identity/outbox.jsonl` (browser tests of
 * the whole stack read the reset code there).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '@tessera/kit';
import type { Mailer, MailMessage } from '../service/ports.js';

export const OUTBOX_FILE = 'outbox.jsonl';
export const OUTBOX_KEEP = 50;

export interface OutboxEntry extends MailMessage {
  from: string;
  sentAt: string;
}

export class OutboxMailer implements Mailer {
  readonly kind = 'outbox';
  /** The last messages, oldest first. */
  readonly messages: OutboxEntry[] = [];
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly opts: {
      from: string;
      logger: Logger;
      /** The JSON-lines file; undefined keeps messages in memory only (production). */
      file?: string;
      /** Whether the log line may carry the message text (never in production). */
      logBody: boolean;
    },
  ) {}

  send(message: MailMessage): Promise<void> {
    const entry: OutboxEntry = { ...message, from: this.opts.from, sentAt: new Date().toISOString() };
    this.messages.push(entry);
    if (this.messages.length > OUTBOX_KEEP) this.messages.splice(0, this.messages.length - OUTBOX_KEEP);
    if (this.opts.logBody) {
      this.opts.logger.info({ mail: entry }, 'dev outbox: e-mail not sent (SMTP_URL is not set)');
    } else {
      this.opts.logger.warn({ to: message.to }, 'e-mail dropped: SMTP_URL is not set');
    }
    const file = this.opts.file;
    if (file === undefined) return Promise.resolve();
    const write = this.writes.then(async () => {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.appendFile(file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
    });
    this.writes = write.catch(() => undefined);
    return write;
  }

  /** The last message sent to `to` (tests). */
  lastTo(to: string): OutboxEntry | undefined {
    const want = to.trim().toLowerCase();
    return [...this.messages].reverse().find((m) => m.to.toLowerCase() === want);
  }

  /** Resolves once every message so far is in the file. */
  async flush(): Promise<void> {
    await this.writes;
  }

  close(): Promise<void> {
    return this.flush();
  }
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
    private readonly logger: Logger,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    const info = (await this.transport.sendMail({ from: this.from, ...message })) as { messageId?: string };
    this.logger.info({ messageId: info.messageId }, 'e-mail sent');
  }

  close(): Promise<void> {
    this.transport.close();
    return Promise.resolve();
  }
}

export interface MailerSettings {
  smtpUrl?: string;
  mailFrom: string;
  production: boolean;
}

/** SMTP when configured, else the outbox (file only outside production). */
export function createMailer(settings: MailerSettings, dataDir: string, logger: Logger): Mailer {
  const log = logger.child({ component: 'mailer' });
  if (settings.smtpUrl !== undefined) {
    log.info({ smtp: new URL(settings.smtpUrl).host }, 'e-mail: SMTP');
    return new SmtpMailer(settings.smtpUrl, settings.mailFrom, log);
  }
  if (settings.production) {
    log.warn('e-mail: SMTP_URL is not set; reset codes cannot be delivered');
    return new OutboxMailer({ from: settings.mailFrom, logger: log, logBody: false });
  }
  const file = path.join(dataDir, OUTBOX_FILE);
  log.info({ file }, 'e-mail: development outbox');
  return new OutboxMailer({ from: settings.mailFrom, logger: log, file, logBody: true });
}
