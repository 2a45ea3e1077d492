/**
 * One durable consumer's state in the broker. Everything below `cursor` that is not open has been
 * acked, given up, or did not match the filter; open messages were delivered and not yet settled
 * (pending an ack with a deadline, or due for redelivery at a time). The ack floor is the last
 * sequence below the oldest open one. Pure state: the broker drives it with the clock.
 */
import { subjectMatches } from '@tessera/kit/ports';
import type { MessageStream, StoredMessage } from './stream.js';

export interface DurableConfig {
  durable: string;
  subjects: string[];
  ackWaitMs: number;
  maxDeliver: number;
}

export interface DurableSubscriber {
  id: number;
  maxInFlight: number;
  inflight: number;
  deliver: (msg: StoredMessage, deliveryCount: number) => void;
}

/** What happened to a message whose delivery ended without an ack. */
export interface GivenUp {
  msg: StoredMessage | undefined;
  seq: number;
  deliveries: number;
  reason: string;
}

interface Open {
  deliveries: number;
  /** Pending: waiting for an ack from `subscriber` until `deadline`. */
  subscriber?: number;
  deadline?: number;
  /** Due: redeliver at or after this time. */
  dueAt?: number;
}

/** Hooks for the journal: every change of the persisted state. */
export interface DurableJournal {
  delivered(durable: string, seq: number, deliveries: number): void;
  settled(durable: string, seq: number): void;
}

export class DurableState {
  cursor: number;
  private readonly open = new Map<number, Open>();
  private readonly subscribers = new Map<number, DurableSubscriber>();
  private rr = 0;

  constructor(
    public config: DurableConfig,
    startSeq: number,
    private readonly journal: DurableJournal,
  ) {
    this.cursor = startSeq;
  }

  ackFloor(): number {
    let min = this.cursor;
    for (const seq of this.open.keys()) if (seq < min) min = seq;
    return min - 1;
  }

  /** Open (delivered, unsettled) sequences with their delivery counts, for a snapshot. */
  openEntries(): [number, number][] {
    return [...this.open].map(([seq, o]) => [seq, o.deliveries]);
  }

  /** Restores an open message after a restart: due for redelivery now. */
  restoreOpen(seq: number, deliveries: number): void {
    this.open.set(seq, { deliveries, dueAt: 0 });
    if (seq >= this.cursor) this.cursor = seq + 1;
  }

  openCount(): number {
    return this.open.size;
  }

  /** True while an ack deadline runs, or a redelivery waits and a subscriber could take it. */
  needsTick(): boolean {
    for (const o of this.open.values()) {
      if (o.deadline !== undefined || (o.dueAt !== undefined && this.subscribers.size > 0)) return true;
    }
    return false;
  }

  subscriberCount(): number {
    return this.subscribers.size;
  }

  addSubscriber(sub: DurableSubscriber): void {
    this.subscribers.set(sub.id, sub);
  }

  /** Removes a subscriber; what it held unacked becomes due at once (for the others). */
  removeSubscriber(id: number, now: number): void {
    if (!this.subscribers.delete(id)) return;
    for (const o of this.open.values()) {
      if (o.subscriber === id) this.makeDue(o, now);
    }
  }

  /** Settles a message as done (ack, or term). False when it was not open. */
  settle(seq: number): boolean {
    const o = this.open.get(seq);
    if (!o) return false;
    this.release(o);
    this.open.delete(seq);
    this.journal.settled(this.config.durable, seq);
    return true;
  }

  /**
   * Negative ack: redeliver after `delayMs`, or give up (returned) when the message has used all
   * its deliveries.
   */
  nak(seq: number, delayMs: number, now: number, stream: MessageStream): GivenUp | undefined {
    const o = this.open.get(seq);
    if (!o || o.subscriber === undefined) return undefined;
    if (o.deliveries >= this.config.maxDeliver) return this.giveUp(seq, o, stream, 'negatively acknowledged');
    this.makeDue(o, now + Math.max(0, delayMs));
    return undefined;
  }

  /** Expires ack deadlines: redelivery, or given up after the last delivery. */
  expire(now: number, stream: MessageStream): GivenUp[] {
    const given: GivenUp[] = [];
    for (const [seq, o] of this.open) {
      if (o.deadline === undefined || o.deadline > now) continue;
      if (o.deliveries >= this.config.maxDeliver)
        given.push(this.giveUp(seq, o, stream, 'no ack within the ack wait'));
      else this.makeDue(o, now);
    }
    return given;
  }

  /** Drops state of messages that retention removed from the stream. */
  trimBelow(firstSeq: number): void {
    for (const [seq, o] of this.open) {
      if (seq >= firstSeq) continue;
      this.release(o);
      this.open.delete(seq);
    }
    if (this.cursor < firstSeq) this.cursor = firstSeq;
  }

  /** Hands messages to subscribers with free capacity: due redeliveries first, then new ones. */
  dispatch(stream: MessageStream, now: number): void {
    for (;;) {
      const sub = this.pickSubscriber();
      if (!sub) return;
      const next = this.nextDue(now, stream) ?? this.nextNew(stream);
      if (!next) return;
      const [msg, o] = next;
      o.deliveries++;
      o.subscriber = sub.id;
      o.deadline = now + this.config.ackWaitMs;
      o.dueAt = undefined;
      sub.inflight++;
      this.journal.delivered(this.config.durable, msg.seq, o.deliveries);
      sub.deliver(msg, o.deliveries);
    }
  }

  private nextDue(now: number, stream: MessageStream): [StoredMessage, Open] | undefined {
    for (;;) {
      let best: number | undefined;
      for (const [seq, o] of this.open) {
        if (o.dueAt !== undefined && o.dueAt <= now && (best === undefined || seq < best)) best = seq;
      }
      if (best === undefined) return undefined;
      const msg = stream.get(best);
      if (msg) return [msg, this.open.get(best)!];
      this.open.delete(best); // trimmed by retention meanwhile
    }
  }

  private nextNew(stream: MessageStream): [StoredMessage, Open] | undefined {
    if (this.cursor < stream.firstSeq()) this.cursor = stream.firstSeq();
    while (this.cursor <= stream.lastSeq()) {
      const msg = stream.get(this.cursor++);
      if (!msg || !this.config.subjects.some((p) => subjectMatches(p, msg.subject))) continue;
      const o: Open = { deliveries: 0 };
      this.open.set(msg.seq, o);
      return [msg, o];
    }
    return undefined;
  }

  private pickSubscriber(): DurableSubscriber | undefined {
    let best: DurableSubscriber | undefined;
    const subs = [...this.subscribers.values()];
    for (let i = 0; i < subs.length; i++) {
      const s = subs[(this.rr + i) % subs.length]!;
      if (s.inflight < s.maxInFlight && (!best || s.inflight < best.inflight)) best = s;
    }
    if (best) this.rr = (this.rr + 1) % Math.max(1, subs.length);
    return best;
  }

  private release(o: Open): void {
    if (o.subscriber === undefined) return;
    const sub = this.subscribers.get(o.subscriber);
    if (sub) sub.inflight--;
    o.subscriber = undefined;
    o.deadline = undefined;
  }

  private makeDue(o: Open, at: number): void {
    this.release(o);
    o.dueAt = at;
  }

  private giveUp(seq: number, o: Open, stream: MessageStream, reason: string): GivenUp {
    this.release(o);
    this.open.delete(seq);
    this.journal.settled(this.config.durable, seq);
    return { msg: stream.get(seq), seq, deliveries: o.deliveries, reason };
  }
}
