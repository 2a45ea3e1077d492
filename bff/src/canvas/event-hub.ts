/**
 * The event streams' one bus subscription per BFF process: each event is decoded and serialised once
 * (live-events.ts `prepare`) and the same bytes are written to every open stream, instead of one bus
 * subscription, one decode and one JSON text per stream.
 *
 * Nothing is missed and nothing is sent twice:
 * - the hub's position is the last sequence it has handed out; a stream attached at position p gets
 *   every later event, in order (attaching is synchronous, between two deliveries);
 * - recent events are kept (bounded by count and bytes), so a reconnecting browser whose
 *   Last-Event-ID is within them is replayed from memory; an older one gets its own subscription
 *   from that sequence (`covers` false), as every stream had before.
 * A stream whose socket does not drain (over `maxBufferedBytes` waiting) is ended; the browser
 * reconnects with Last-Event-ID and is replayed what it missed.
 */
import type { EventBus, Subscription } from '@tessera/kit';
import { LIVE_SUBJECTS, prepare, select, type PreparedEvent, type StreamState } from './live-events.js';

export interface HubStream {
  state: StreamState;
  /** The first sequence this stream wants. */
  fromSeq: number;
  write(chunk: Buffer): void;
}

export interface EventHubOptions {
  /** Events kept for replay (default 4096) and their bytes (default 8 MiB). */
  keepEvents?: number;
  keepBytes?: number;
}

export class EventHub {
  private sub: Subscription | undefined;
  private starting: Promise<void> | undefined;
  private readonly streams = new Set<HubStream>();
  private readonly kept: PreparedEvent[] = [];
  private keptBytes = 0;
  /** Sequences from here on are all in `kept` (or were never on a live subject). */
  private coveredFrom = Number.POSITIVE_INFINITY;
  private last = 0;
  private readonly keepEvents: number;
  private readonly keepBytes: number;
  /** The active canvas as the hub last knew it (undefined: not known yet). */
  activeCanvas: number | undefined;
  /** Events handed out and bytes written (tests, metrics). */
  delivered = 0;

  constructor(
    private readonly bus: EventBus,
    opts: EventHubOptions = {},
  ) {
    this.keepEvents = opts.keepEvents ?? 4096;
    this.keepBytes = opts.keepBytes ?? 8 * 1024 * 1024;
  }

  /** Subscribes once (the first caller waits; a failure is thrown and retried by the next caller). */
  ready(): Promise<void> {
    if (this.sub) return Promise.resolve();
    this.starting ??= (async () => {
      const from = (await this.bus.lastSeq()) + 1;
      this.sub = await this.bus.subscribe({
        subjects: LIVE_SUBJECTS,
        fromSeq: from,
        handler: (msg) => this.deliver(msg.seq, prepare(msg)),
      });
      this.coveredFrom = from;
      this.last = Math.max(this.last, from - 1);
    })().catch((err: unknown) => {
      this.starting = undefined;
      throw err;
    });
    return this.starting;
  }

  /** The last sequence handed out (a new stream starts after it). */
  position(): number {
    return this.last;
  }

  /** Whether a stream wanting `fromSeq` onwards can be served from here (else it needs its own subscription). */
  covers(fromSeq: number): boolean {
    return this.sub !== undefined && fromSeq >= this.coveredFrom;
  }

  /** Replays the kept events from `stream.fromSeq` and attaches it; returns its detach function. */
  attach(stream: HubStream): () => void {
    for (const ev of this.kept) {
      if (ev.seq < stream.fromSeq) continue;
      const chunk = select(ev, stream.state);
      if (chunk) stream.write(chunk);
    }
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }

  size(): number {
    return this.streams.size;
  }

  private deliver(seq: number, ev: PreparedEvent | null): void {
    this.last = Math.max(this.last, seq);
    if (ev === null) return;
    if (ev.activates !== undefined) this.activeCanvas = ev.activates;
    this.keep(ev);
    this.delivered++;
    for (const s of this.streams) {
      if (seq < s.fromSeq) continue;
      const chunk = select(ev, s.state);
      try {
        if (chunk) s.write(chunk);
      } catch {
        // one broken socket must not keep the event from the others (its close handler ends it)
      }
    }
  }

  private keep(ev: PreparedEvent): void {
    this.kept.push(ev);
    this.keptBytes += ev.bytes;
    while (this.kept.length > this.keepEvents || this.keptBytes > this.keepBytes) {
      const old = this.kept.shift()!;
      this.keptBytes -= old.bytes;
      this.coveredFrom = old.seq + 1;
    }
  }

  async close(): Promise<void> {
    const sub = this.sub;
    this.sub = undefined;
    this.starting = undefined;
    this.streams.clear();
    await sub?.stop();
  }
}
