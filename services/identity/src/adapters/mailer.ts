/**
 * The mailer port's two adapters: SMTP through nodemailer when SMTP_URL is set, else the
 * development outbox, which logs each message, keeps the last ones in memory (tests) and, outside
 * production, appends each as one JSON line to `<DATA_DIR>/identity/outbox.jsonl` (browser tests of
 * the whole stack read the reset code there; a send resolves once its line is in the file, and the
 * lines sent while a write is under way share the next one).
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

/** A line on its way to the outbox file, and its sender's promise. */
interface PendingLine {
  line: string;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class OutboxMailer implements Mailer {
  readonly kind = 'outbox';
  /** The last messages, oldest first. */
  readonly messages: OutboxEntry[] = [];
  /** Lines not yet handed to the file: the next write takes all of them. */
  private pending: PendingLine[] = [];
  /** The write loop under way, while `busy`. */
  private writing: Promise<void> = Promise.resolve();
  private busy = false;
  /** The file's folder exists (made once, by the first write). */
  private folderMade = false;

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

  /**
   * Resolves once the message's line is in the file (rejects when that write failed). Lines sent
   * while a write is under way go together in the next one: one append for all of them, in the
   * order they were sent (a receipt per order under load was a folder check, an open, a write and
   * a close each).
   */
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
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ line: `${JSON.stringify(entry)}\n`, resolve, reject });
      if (!this.busy) {
        this.busy = true;
        this.writing = this.writeAll(file);
      }
    });
  }

  /**
   * Appends the waiting lines, a batch per write, until none is left; `busy` is cleared in the turn
   * that finds none (no await in between), so a line sent after it starts the next loop.
   */
  private async writeAll(file: string): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending;
        this.pending = [];
        try {
          if (!this.folderMade) {
            await fs.mkdir(path.dirname(file), { recursive: true });
            this.folderMade = true;
          }
          await fs.appendFile(file, batch.map((p) => p.line).join(''), { mode: 0o600 });
          for (const p of batch) p.resolve();
        } catch (err) {
          // the folder may have gone: made again before the next write
          this.folderMade = false;
          for (const p of batch) p.reject(err);
        }
      }
    } finally {
      this.busy = false;
    }
  }

  /** The last message sent to `to` (tests). */
  lastTo(to: string): OutboxEntry | undefined {
    const want = to.trim().toLowerCase();
    return [...this.messages].reverse().find((m) => m.to.toLowerCase() === want);
  }

  /** Resolves once every message so far is in the file (or its write failed). */
  async flush(): Promise<void> {
    while (this.busy) await this.writing;
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
