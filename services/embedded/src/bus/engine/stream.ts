/**
 * The broker's message stream: messages with contiguous increasing sequence numbers, publish-id
 * deduplication within a window, and bounded retention (a message count and an age, whichever
 * trims more; and, of the messages every durable consumer has settled, only the last `keepSettled`,
 * the history a fan-out subscriber may replay). Pure in-memory state; the journal persists it.
 */
import type { BusMessage, RetentionLimits } from '@tessera/kit';
/** A message as the stream keeps it: the port's message without a delivery count. */
export type StoredMessage = Omit<BusMessage, 'deliveryCount'>;

export interface DedupEntry {
  msgId: string;
  seq: number;
  timestampMs: number;
}

export class MessageStream {
  /** Live messages are `msgs[head..]`; the dead prefix is dropped in batches. */
  private msgs: StoredMessage[] = [];
  private head = 0;
  private last = 0;
  /** msgId -> entry, in publish (time) order. */
  private readonly dedup = new Map<string, DedupEntry>();

  constructor(
    private readonly limits: RetentionLimits,
    private readonly duplicateWindowMs: number,
    /** Messages at or below the settled floor kept for replay (the newest of them). */
    private readonly keepSettled = Number.POSITIVE_INFINITY,
  ) {}

  lastSeq(): number {
    return this.last;
  }

  /** Sequence of the oldest retained message (lastSeq + 1 when the stream is empty). */
  firstSeq(): number {
    return this.msgs[this.head]?.seq ?? this.last + 1;
  }

  size(): number {
    return this.msgs.length - this.head;
  }

  get(seq: number): StoredMessage | undefined {
    const first = this.msgs[this.head];
    if (!first || seq < first.seq || seq > this.last) return undefined;
    const m = this.msgs[this.head + (seq - first.seq)];
    return m?.seq === seq ? m : undefined;
  }

  /** The entry of a publish id still inside the duplicate window, if any. */
  duplicateOf(msgId: string, now: number): DedupEntry | undefined {
    const e = this.dedup.get(msgId);
    return e && now - e.timestampMs < this.duplicateWindowMs ? e : undefined;
  }

  /** Appends a new message with the next sequence (the caller checked for duplicates). */
  append(
    subject: string,
    msgId: string,
    data: Uint8Array,
    headers: Record<string, string>,
    now: number,
  ): StoredMessage {
    const msg: StoredMessage = { seq: this.last + 1, subject, msgId, data, headers, timestampMs: now };
    this.push(msg);
    return msg;
  }

  /** Restores a persisted message; sequences must increase (a gap is allowed after a trim). */
  restore(msg: StoredMessage): boolean {
    if (msg.seq <= this.last) return false;
    if (msg.seq !== this.last + 1 && this.size() > 0) {
      // A gap inside the live range would break seq lookups: keep only what follows it.
      this.msgs = [];
      this.head = 0;
    }
    this.push(msg);
    return true;
  }

  /** Restores a publish id whose message is gone but whose window is still open. */
  restoreDedup(entry: DedupEntry): void {
    if (!this.dedup.has(entry.msgId)) this.dedup.set(entry.msgId, entry);
  }

  /** Raises the last sequence (after a compaction, sequences never go back). */
  raiseLastSeq(seq: number): void {
    if (seq > this.last && this.size() === 0) this.last = seq;
  }

  /** Messages with seq >= fromSeq, oldest first. */
  *from(fromSeq: number): Generator<StoredMessage> {
    const first = this.firstSeq();
    for (let i = this.head + Math.max(0, fromSeq - first); i < this.msgs.length; i++) yield this.msgs[i]!;
  }

  dedupSize(): number {
    return this.dedup.size;
  }

  /** Publish ids inside the window, oldest first. */
  dedupEntries(): DedupEntry[] {
    return [...this.dedup.values()];
  }

  /**
   * Applies retention and forgets publish ids outside the window. `settledFloor`: the highest
   * sequence at or below which every durable consumer has settled every message (acked, given up or
   * not its subject); of those, only the newest `keepSettled` stay. A message some durable has not
   * settled yet is removed by the count and age limits only. Returns the new first sequence
   * (everything below it is gone).
   */
  trim(now: number, settledFloor = 0): number {
    const byCount = this.size() - this.limits.maxMessages;
    const first = this.firstSeq();
    const settled = Math.min(settledFloor, this.last) - first + 1;
    let drop = Math.max(0, byCount, settled - this.keepSettled);
    while (
      this.head + drop < this.msgs.length &&
      now - this.msgs[this.head + drop]!.timestampMs > this.limits.maxAgeMs
    ) {
      drop++;
    }
    if (drop > 0) {
      this.head += drop;
      if (this.head > 1024 && this.head * 2 > this.msgs.length) {
        this.msgs = this.msgs.slice(this.head);
        this.head = 0;
      }
    }
    for (const [id, e] of this.dedup) {
      if (now - e.timestampMs < this.duplicateWindowMs) break;
      this.dedup.delete(id);
    }
    return this.firstSeq();
  }

  private push(msg: StoredMessage): void {
    this.msgs.push(msg);
    this.last = msg.seq;
    this.dedup.delete(msg.msgId);
    this.dedup.set(msg.msgId, { msgId: msg.msgId, seq: msg.seq, timestampMs: msg.timestampMs });
  }
}
