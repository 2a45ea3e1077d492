/**
 * The event-bus port, with JetStream's delivery semantics in both adapters (embedded broker,
 * NATS JetStream via `nats`):
 * - publish carries an id; a second publish with the same id within the duplicate window is dropped
 *   (and reported as a duplicate);
 * - durable consumers get each message until they ack it: the handler resolving acks, throwing
 *   naks; an unacked message is redelivered after the ack wait; after `maxDeliver` deliveries it is a
 *   poison message: logged as such and not delivered again;
 * - subscribers (fan-out, not durable) get every new message, or replay from a stream sequence.
 * The kit's typed layer (events.ts) adds protobuf payloads and trace-context headers on top.
 */
export interface BusMessage {
  /** Stream sequence (increasing). */
  seq: number;
  subject: string;
  msgId: string;
  data: Uint8Array;
  headers: Record<string, string>;
  timestampMs: number;
  /** 1 on first delivery (durable consumers); 1 for subscribers. */
  deliveryCount: number;
}

export interface PublishOptions {
  /** Deduplication id (Nats-Msg-Id). */
  msgId: string;
  headers?: Record<string, string>;
}

export interface PublishResult {
  seq: number;
  duplicate: boolean;
}

export interface ConsumeOptions {
  /** Durable consumer name: consumers with the same name share (compete for) the messages. */
  durable: string;
  /** Subjects, with NATS wildcards (`tessera.lock.*`, `tessera.>`). */
  subjects: string[];
  /** Redelivery after this long without an ack (default 30 s). */
  ackWaitMs?: number;
  /** Deliveries before a message is given up as poison (default 5). */
  maxDeliver?: number;
  /**
   * Handlers of this subscriber running at once (default 16). Messages are handed over in stream
   * order; with 1, the next message starts once the handler has settled or outlived the ack wait.
   */
  concurrency?: number;
  /** Resolve to ack; throw to nak (redelivered after a backoff). */
  handler: (msg: BusMessage) => Promise<void>;
}

export interface SubscribeOptions {
  subjects: string[];
  /** Replay from this stream sequence (inclusive); omitted: only new messages. */
  fromSeq?: number;
  handler: (msg: BusMessage) => void | Promise<void>;
}

export interface Subscription {
  /** Stops delivery; in-flight handlers finish first. */
  stop(): Promise<void>;
}

export interface EventBus {
  publish(subject: string, data: Uint8Array, options: PublishOptions): Promise<PublishResult>;
  consume(options: ConsumeOptions): Promise<Subscription>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** The last stream sequence (0 when empty). */
  lastSeq(): Promise<number>;
  close(): Promise<void>;
}

/** Every Tessera subject lives under this prefix (one JetStream stream `TESSERA`). */
export const SUBJECT_PREFIX = 'tessera.';
export const STREAM_NAME = 'TESSERA';
/** Duplicate window for publish ids (JetStream's default). */
export const DUPLICATE_WINDOW_MS = 2 * 60_000;

/** True when `subject` matches the NATS pattern (`*` one token, `>` one or more trailing tokens). */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}
