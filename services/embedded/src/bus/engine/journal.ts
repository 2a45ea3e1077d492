/**
 * The broker's append-only journal file (`<dir>/stream.log`, JSON lines). Every state change is
 * written before it is acknowledged (synchronous writes: a crash of the process loses nothing that
 * was acknowledged). A torn last line (crash mid-write) is dropped on load; the file is compacted
 * into a snapshot of the live state when it holds mostly dead records and has grown enough since the
 * last compaction (COMPACT_GROWTH).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '@tessera/kit';
import type { DurableConfig, DurableJournal } from './durable.js';
import {
  consumerRecord,
  emptySnapshot,
  messageRecord,
  parseRecord,
  replay,
  snapshotRecords,
  type JournalRecord,
  type Snapshot,
} from './records.js';
import type { StoredMessage } from './stream.js';

export const JOURNAL_FILE = 'stream.log';
/**
 * Compaction runs once the file holds this many records and three times the live ones, and has grown
 * to three times its size after the last compaction (when one ran since it was opened). The second
 * rule keeps a large live set (events with their pixels) from being rewritten for a trickle of small
 * dead records (lock events' deliveries and acks): a rewrite costs at most half a byte per byte
 * appended since the one before. Without it, the broker's CPU per lock pair after a burst of purchases
 * was 0.26 ms instead of 0.22, spent rewriting the pixel events the burst had left
 * (loadtests/README.md, "Latest figures").
 */
export const COMPACT_MIN_RECORDS = 10_000;
export const COMPACT_GROWTH = 3;

/** What the broker writes; `NullJournal` (in-process bus) keeps nothing. */
export interface Journal extends DurableJournal {
  message(msg: StoredMessage): void;
  consumer(config: DurableConfig, cursor: number): void;
  /** Called after changes; compacts when the file is mostly dead records. */
  maybeCompact(liveRecords: () => number, snapshot: () => Snapshot): void;
  close(): void;
}

export class NullJournal implements Journal {
  message(): void {}
  consumer(): void {}
  delivered(): void {}
  settled(): void {}
  maybeCompact(): void {}
  close(): void {}
}

export class FileJournal implements Journal {
  private fd: number;
  private records: number;
  private checkedAt = 0;
  private failing = false;
  /** The file's size, and its size after the last compaction (0: none since it was opened). */
  private bytes: number;
  private compactedBytes = 0;
  /** Compactions since the journal was opened (tests, logs). */
  compactions = 0;

  private constructor(
    private readonly file: string,
    records: number,
    bytes: number,
    private readonly logger: Logger,
  ) {
    this.fd = fs.openSync(file, 'a');
    this.records = records;
    this.bytes = bytes;
  }

  /** Opens (or creates) the journal in `dir` and returns the state it holds. */
  static open(dir: string, logger: Logger): { journal: FileJournal; snapshot: Snapshot } {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, JOURNAL_FILE);
    fs.rmSync(`${file}.tmp`, { force: true }); // an interrupted compaction
    if (!fs.existsSync(file))
      return { journal: new FileJournal(file, 0, 0, logger), snapshot: emptySnapshot() };
    const buf = fs.readFileSync(file);
    const records: JournalRecord[] = [];
    let offset = 0;
    let skipped = 0;
    while (offset < buf.length) {
      const nl = buf.indexOf(0x0a, offset);
      if (nl === -1) break; // torn last line: no newline yet
      const rec = parseRecord(buf.toString('utf8', offset, nl));
      if (rec) records.push(rec);
      else skipped++;
      offset = nl + 1;
    }
    if (offset < buf.length) {
      logger.warn({ file, bytes: buf.length - offset }, 'bus journal: dropping a torn last record');
      fs.truncateSync(file, offset);
    }
    if (skipped > 0) logger.warn({ file, skipped }, 'bus journal: skipped unreadable records');
    return { journal: new FileJournal(file, records.length, offset, logger), snapshot: replay(records) };
  }

  message(msg: StoredMessage): void {
    // Throws: a publish that could not be written is not acknowledged.
    this.write([messageRecord(msg)]);
  }

  consumer(config: DurableConfig, cursor: number): void {
    this.tryWrite(consumerRecord(config, cursor));
  }

  delivered(durable: string, seq: number, deliveries: number): void {
    this.tryWrite({ t: 'D', d: durable, s: seq, n: deliveries });
  }

  settled(durable: string, seq: number): void {
    this.tryWrite({ t: 'A', d: durable, s: seq });
  }

  maybeCompact(liveRecords: () => number, snapshot: () => Snapshot): void {
    if (this.records < COMPACT_MIN_RECORDS || this.records - this.checkedAt < 1000) return;
    if (this.bytes < COMPACT_GROWTH * this.compactedBytes) return;
    this.checkedAt = this.records;
    const live = liveRecords();
    if (this.records < 3 * live) return;
    this.compact(snapshot());
  }

  /** Rewrites the file as `snap` (written to a temporary file, synced, then renamed over). */
  compact(snap: Snapshot): void {
    const started = performance.now();
    const tmp = `${this.file}.tmp`;
    const lines = snapshotRecords(snap);
    try {
      const fd = fs.openSync(tmp, 'w');
      let written = 0;
      try {
        const chunk: string[] = [];
        for (const r of lines) {
          chunk.push(JSON.stringify(r));
          if (chunk.length === 1000) {
            written += fs.writeSync(fd, `${chunk.join('\n')}\n`);
            chunk.length = 0;
          }
        }
        if (chunk.length > 0) written += fs.writeSync(fd, `${chunk.join('\n')}\n`);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(tmp, this.file);
      fs.closeSync(this.fd);
      this.fd = fs.openSync(this.file, 'a');
      const before = this.records;
      this.records = lines.length;
      this.checkedAt = lines.length;
      this.bytes = written;
      this.compactedBytes = written;
      this.compactions++;
      this.logger.info(
        { before, after: lines.length, ms: Math.round(performance.now() - started) },
        'bus journal compacted',
      );
    } catch (err) {
      fs.rmSync(tmp, { force: true });
      this.logger.error({ err }, 'bus journal compaction failed; keeping the old file');
    }
  }

  close(): void {
    try {
      fs.fsyncSync(this.fd);
      fs.closeSync(this.fd);
    } catch {
      // already closed
    }
  }

  private write(recs: JournalRecord[]): void {
    this.bytes += fs.writeSync(this.fd, `${recs.map((r) => JSON.stringify(r)).join('\n')}\n`);
    this.records += recs.length;
  }

  /** Consumer state: a failed write is logged (the message is redelivered at worst). */
  private tryWrite(rec: JournalRecord): void {
    try {
      this.write([rec]);
      if (this.failing) this.logger.info('bus journal: writing again');
      this.failing = false;
    } catch (err) {
      if (!this.failing) this.logger.error({ err }, 'bus journal: cannot write consumer state');
      this.failing = true;
    }
  }
}
