/**
 * The broker journal's compaction: it runs when the file holds mostly dead records and has grown to
 * COMPACT_GROWTH times its size after the last compaction, so a large live set is not rewritten for a
 * trickle of small dead records; what a compaction wrote reopens as the same state.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, testLogger } from '@tessera/kit/testing';
import { COMPACT_GROWTH, COMPACT_MIN_RECORDS, FileJournal, JOURNAL_FILE } from './journal.js';
import type { Snapshot } from './records.js';
import type { StoredMessage } from './stream.js';

const dirs: (() => void)[] = [];
afterEach(() => dirs.splice(0).forEach((cleanup) => cleanup()));

function open() {
  const { dir, cleanup } = tempDir('tessera-journal-');
  dirs.push(cleanup);
  return { dir, ...FileJournal.open(dir, testLogger()) };
}

/** `n` live messages of `bytes` each (events carrying pixels), and one durable consumer. */
function liveState(n: number, bytes: number): Snapshot {
  const messages: StoredMessage[] = Array.from({ length: n }, (_, i) => ({
    seq: i + 1,
    subject: 'tessera.pixels.committed',
    msgId: `m${i + 1}`,
    data: new Uint8Array(bytes).fill(i % 251),
    headers: {},
    timestampMs: 1_700_000_000_000 + i,
  }));
  return {
    lastSeq: n,
    messages,
    dedup: [],
    consumers: [
      {
        config: { durable: 'd', subjects: ['tessera.>'], ackWaitMs: 30_000, maxDeliver: 5 },
        cursor: n,
        open: [],
      },
    ],
  };
}

/** Small dead records (a delivery and its ack each), checking for compaction as the broker does. */
function trickle(journal: FileJournal, records: number, live: Snapshot, liveRecords: number) {
  for (let i = 0; i < records / 2; i++) {
    journal.delivered('d', 1, 1);
    journal.settled('d', 1);
    journal.maybeCompact(
      () => liveRecords,
      () => live,
    );
  }
}

describe('broker journal compaction', () => {
  it('does not rewrite a large live set for a trickle of small dead records', () => {
    const { journal } = open();
    const live = liveState(200, 10_000); // about 2.7 MB once written (base64)
    for (const m of live.messages) journal.message(m);
    // mostly dead by count: the first compaction runs (none since the journal was opened)
    trickle(journal, COMPACT_MIN_RECORDS, live, 202);
    expect(journal.compactions).toBe(1);
    // 30,000 more small records: about 1 MB, far from three times 2.7 MB
    trickle(journal, 30_000, live, 202);
    expect(journal.compactions).toBe(1);
    journal.close();
  });

  it('compacts again once the file has grown to COMPACT_GROWTH times its compacted size, and reopens as the state it wrote', () => {
    const { dir, journal } = open();
    const live = liveState(20, 1_000); // about 28 KB once written
    for (const m of live.messages) journal.message(m);
    trickle(journal, COMPACT_MIN_RECORDS, live, 22);
    expect(journal.compactions).toBe(1);
    const compacted = fs.statSync(path.join(dir, JOURNAL_FILE)).size;
    trickle(journal, COMPACT_MIN_RECORDS, live, 22); // about 300 KB of dead records
    expect(journal.compactions).toBe(2);
    expect(fs.statSync(path.join(dir, JOURNAL_FILE)).size).toBeLessThan(COMPACT_GROWTH * compacted);
    journal.close();

    const reopened = FileJournal.open(dir, testLogger());
    reopened.journal.close();
    expect(reopened.snapshot.lastSeq).toBe(20);
    expect(reopened.snapshot.messages.map((m) => [m.seq, m.msgId, m.data.byteLength])).toEqual(
      live.messages.map((m) => [m.seq, m.msgId, 1_000]),
    );
    expect(reopened.snapshot.consumers.map((c) => [c.config.durable, c.cursor, c.open])).toEqual([
      ['d', 20, []],
    ]);
  });
});
