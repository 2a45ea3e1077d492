/**
 * The broker core: one stream of messages, durable consumers with explicit ack and redelivery, and
 * fan-out subscribers, with JetStream's semantics (see ../port.ts). Used directly by the in-process
 * bus and served over Connect by the broker process (then with a file journal).
 *
 * Choices: a new durable starts at the next new message ("deliver new"); a durable that exists
 * resumes where it was, and registering it again with other subjects or limits updates it. Messages
 * a disconnected subscriber held unacked are redelivered at once to the others.
 */
import {
  type Logger,
  type RetentionLimits,
  DEFAULT_RETENTION,
  logPoison,
  DUPLICATE_WINDOW_MS,
  type PublishOptions,
  type PublishResult,
  BusError,
  matchesAny,
} from '@tessera/kit';
import { assertPublish } from '@tessera/kit/adapters';
import { DurableState, type DurableConfig, type GivenUp } from './durable.js';
import { FileJournal, NullJournal, type Journal } from './journal.js';
import type { Snapshot } from './records.js';
import { MessageStream, type StoredMessage } from './stream.js';

export interface BrokerOptions {
  logger: Logger;
  journal?: Journal;
  /** State to start from (what the journal held). */
  snapshot?: Snapshot;
  retention?: RetentionLimits;
  /**
   * Of the messages every durable consumer has settled, how many (the newest) stay for fan-out
   * replay (`subscribe` with `fromSeq`); default DEFAULT_KEEP_SETTLED. The retention limits still
   * bound every message; a message a durable has not settled is never removed by this one.
   */
  keepSettled?: number;
  duplicateWindowMs?: number;
  now?: () => number;
  /** How often ack deadlines and delayed redeliveries are checked (ms). */
  tickMs?: number;
}

/**
 * Settled messages kept for replay: 5 to 10 MB of the broker's heap (a stored message with its
 * publish id, headers and data takes 0.55 KB in a bare broker, about 1 KB in the soak's heap
 * snapshots), and some minutes of history at the soak's rate (about 1,500 messages a minute;
 * loadtests/README.md, "What holds the memory in the soak"). Without it the stream kept 24 hours or
 * 100,000 messages, whichever is less: +24.9 MB for the 45,000 messages of a 30-minute soak.
 */
export const DEFAULT_KEEP_SETTLED = 10_000;

export interface ConsumerRegistration {
  config: DurableConfig;
  maxInFlight: number;
  deliver: (msg: StoredMessage, deliveryCount: number) => void;
}

export interface Handle {
  close(): void;
}

interface Fanout {
  subjects: string[];
  deliver: (msg: StoredMessage) => void;
}

export class Broker {
  private readonly stream: MessageStream;
  private readonly durables = new Map<string, DurableState>();
  private readonly fanouts = new Map<number, Fanout>();
  private readonly journal: Journal;
  private readonly logger: Logger;
  private readonly now: () => number;
  private readonly tickMs: number;
  private readonly retention: RetentionLimits;
  private timer: NodeJS.Timeout | undefined;
  private lastTrim = 0;
  private ids = 0;
  private closed = false;

  constructor(opts: BrokerOptions) {
    this.logger = opts.logger;
    this.journal = opts.journal ?? new NullJournal();
    this.now = opts.now ?? Date.now;
    this.tickMs = opts.tickMs ?? 25;
    this.retention = opts.retention ?? DEFAULT_RETENTION;
    this.stream = new MessageStream(
      this.retention,
      opts.duplicateWindowMs ?? DUPLICATE_WINDOW_MS,
      opts.keepSettled ?? DEFAULT_KEEP_SETTLED,
    );
    if (opts.snapshot) this.restore(opts.snapshot);
  }

  /** A broker persisted in `dir` (the journal's state restored). */
  static open(dir: string, opts: Omit<BrokerOptions, 'journal' | 'snapshot'>): Broker {
    const { journal, snapshot } = FileJournal.open(dir, opts.logger);
    const broker = new Broker({ ...opts, journal, snapshot });
    opts.logger.info(
      { dir, messages: broker.stream.size(), lastSeq: broker.lastSeq(), durables: broker.durables.size },
      'bus broker state loaded',
    );
    return broker;
  }

  lastSeq(): number {
    return this.stream.lastSeq();
  }

  firstSeq(): number {
    return this.stream.firstSeq();
  }

  /** A stored message (undefined when never published or removed by retention). */
  message(seq: number): StoredMessage | undefined {
    return this.stream.get(seq);
  }

  publish(subject: string, data: Uint8Array, options: PublishOptions): PublishResult {
    this.assertOpen();
    assertPublish(subject, data, options);
    const now = this.now();
    this.trim(now, this.stream.size() >= this.retention.maxMessages);
    const dup = this.stream.duplicateOf(options.msgId, now);
    if (dup) return { seq: dup.seq, duplicate: true };
    const msg: StoredMessage = {
      seq: this.stream.lastSeq() + 1,
      subject,
      msgId: options.msgId,
      data,
      headers: { ...(options.headers ?? {}) },
      timestampMs: now,
    };
    this.journal.message(msg); // throws when it cannot be persisted: nothing changed
    this.stream.restore(msg);
    for (const f of this.fanouts.values()) {
      if (matchesAny(f.subjects, subject)) this.safely(() => f.deliver(msg));
    }
    for (const d of this.durables.values()) this.dispatch(d, now);
    this.compactMaybe();
    return { seq: msg.seq, duplicate: false };
  }

  /** Adds a subscriber to a durable consumer (created at the next new message if it does not exist). */
  registerConsumer(reg: ConsumerRegistration): Handle {
    this.assertOpen();
    const { config } = reg;
    let d = this.durables.get(config.durable);
    if (!d) {
      d = new DurableState({ ...config }, this.stream.lastSeq() + 1, this.journal);
      this.durables.set(config.durable, d);
      this.journal.consumer(d.config, d.cursor);
    } else if (!sameConfig(d.config, config)) {
      d.config = { ...config };
      this.journal.consumer(d.config, d.cursor);
    }
    const id = ++this.ids;
    const durable = d;
    durable.addSubscriber({ id, maxInFlight: reg.maxInFlight, inflight: 0, deliver: reg.deliver });
    this.dispatch(durable, this.now());
    return {
      close: () => {
        durable.removeSubscriber(id, this.now());
        if (!this.closed) this.dispatch(durable, this.now());
      },
    };
  }

  ack(durable: string, seq: number): void {
    this.ackAll(durable, [seq]);
  }

  /** Acks several messages of a durable, then hands out what that frees in one dispatch. */
  ackAll(durable: string, seqs: readonly number[]): void {
    const d = this.durables.get(durable);
    if (!d) return;
    let settled = false;
    for (const seq of seqs) if (d.settle(seq)) settled = true; // already settled: acks are idempotent
    if (!settled) return;
    this.dispatch(d, this.now());
    this.compactMaybe();
  }

  nak(durable: string, seq: number, delayMs: number): void {
    const d = this.durables.get(durable);
    if (!d) return;
    const given = d.nak(seq, delayMs, this.now(), this.stream);
    if (given) this.poison(d.config.durable, given);
    this.dispatch(d, this.now());
  }

  /** Gives a message up for a durable (the client has logged it as poison). */
  term(durable: string, seq: number, reason: string): void {
    const d = this.durables.get(durable);
    if (!d || !d.settle(seq)) return;
    this.logger.debug({ durable, seq, reason }, 'message terminated by the consumer');
    this.dispatch(d, this.now());
  }

  /**
   * Adds a fan-out subscriber: replays stored messages from `fromSeq` (0: none) synchronously, then
   * gets every new one. Returns the last sequence at registration.
   */
  subscribe(
    subjects: string[],
    fromSeq: number,
    deliver: (msg: StoredMessage) => void,
  ): Handle & { lastSeq: number } {
    this.assertOpen();
    const lastSeq = this.stream.lastSeq();
    if (fromSeq > 0) {
      for (const msg of this.stream.from(fromSeq)) {
        if (matchesAny(subjects, msg.subject)) this.safely(() => deliver(msg));
      }
    }
    const id = ++this.ids;
    this.fanouts.set(id, { subjects, deliver });
    return { lastSeq, close: () => void this.fanouts.delete(id) };
  }

  /** The subject patterns a durable consumer reads (undefined when unknown). */
  durableSubjects(name: string): string[] | undefined {
    const d = this.durables.get(name);
    return d && [...d.config.subjects];
  }

  /** Ack floor and open messages of a durable (undefined when unknown), for tests and diagnostics. */
  durableInfo(name: string): { ackFloor: number; open: [number, number][]; cursor: number } | undefined {
    const d = this.durables.get(name);
    return d && { ackFloor: d.ackFloor(), open: d.openEntries(), cursor: d.cursor };
  }

  /** The state a compaction writes. */
  snapshot(): Snapshot {
    const first = this.stream.firstSeq();
    return {
      lastSeq: this.stream.lastSeq(),
      messages: [...this.stream.from(first)],
      dedup: this.stream.dedupEntries().filter((e) => e.seq < first),
      consumers: [...this.durables.values()].map((d) => ({
        config: d.config,
        cursor: d.cursor,
        open: d.openEntries(),
      })),
    };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    this.fanouts.clear();
    this.journal.close();
  }

  private restore(snap: Snapshot): void {
    for (const e of snap.dedup) this.stream.restoreDedup(e);
    for (const m of snap.messages) this.stream.restore(m);
    this.stream.raiseLastSeq(snap.lastSeq);
    for (const c of snap.consumers) {
      const d = new DurableState(c.config, c.cursor, this.journal);
      for (const [seq, n] of c.open) d.restoreOpen(seq, n);
      this.durables.set(c.config.durable, d);
    }
    this.trim(this.now(), true);
  }

  private dispatch(d: DurableState, now: number): void {
    if (this.closed || d.subscriberCount() === 0) {
      this.scheduleTick();
      return;
    }
    d.dispatch(this.stream, now);
    this.scheduleTick();
  }

  private scheduleTick(): void {
    if (this.timer || this.closed) return;
    if (![...this.durables.values()].some((d) => d.needsTick())) return;
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
  }

  private tick(): void {
    const now = this.now();
    this.trim(now, false);
    let work = false;
    for (const d of this.durables.values()) {
      for (const given of d.expire(now, this.stream)) this.poison(d.config.durable, given);
      if (d.subscriberCount() > 0) d.dispatch(this.stream, now);
      work ||= d.needsTick();
    }
    if (!work) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    this.compactMaybe();
  }

  private trim(now: number, force: boolean): void {
    if (!force && now - this.lastTrim < 1000) return;
    this.lastTrim = now;
    const first = this.stream.trim(now, this.settledFloor());
    for (const d of this.durables.values()) d.trimBelow(first);
  }

  /** The highest sequence every durable consumer has settled everything up to (lastSeq without any). */
  private settledFloor(): number {
    let floor = this.stream.lastSeq();
    for (const d of this.durables.values()) floor = Math.min(floor, d.ackFloor());
    return floor;
  }

  private poison(durable: string, g: GivenUp): void {
    logPoison(this.logger, {
      durable,
      subject: g.msg?.subject ?? '(removed by retention)',
      seq: g.seq,
      msgId: g.msg?.msgId ?? '',
      deliveries: g.deliveries,
      reason: g.reason,
    });
  }

  private compactMaybe(): void {
    this.journal.maybeCompact(
      () =>
        this.stream.size() +
        this.stream.dedupSize() +
        [...this.durables.values()].reduce((n, d) => n + 1 + d.openCount(), 0),
      () => this.snapshot(),
    );
  }

  /** A subscriber's callback must never break the broker. */
  private safely(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.logger.error({ err }, 'bus subscriber callback failed');
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new BusError('the bus is closed');
  }
}

function sameConfig(a: DurableConfig, b: DurableConfig): boolean {
  return (
    a.ackWaitMs === b.ackWaitMs &&
    a.maxDeliver === b.maxDeliver &&
    a.subjects.length === b.subjects.length &&
    a.subjects.every((s, i) => s === b.subjects[i])
  );
}
