/**
 * The broker service: the kit's broker engine (the same one the in-process bus runs on) offered to
 * other processes. Arguments are checked as every bus adapter checks them (a bad one is
 * INVALID_ARGUMENT). Consume and Subscribe are server streams that first send `ready` once
 * registered; a fan-out subscriber that falls too far behind is cut off with RESOURCE_EXHAUSTED and
 * resumes from its last sequence when it reconnects. Every call is checked against the caller's event
 * permissions (`EventAccess`; the caller is the one the server's identity guard verified): publish
 * only to its subjects, consume and subscribe only within them, settle only messages of durables
 * that read within them. A refused call is PERMISSION_DENIED.
 */
import type { HandlerContext } from '@connectrpc/connect';
import { Code, ConnectError } from '@connectrpc/connect';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type {
  AckRequest,
  BusMessageSchema,
  ConsumeRequest,
  ConsumeResponseSchema,
  NakRequest,
  PublishBatchRequest,
  PublishBatchResultSchema,
  PublishRequest,
  SubscribeRequest,
  SubscribeResponseSchema,
  TermRequest,
} from '@tessera/proto/tessera/bus/v1/broker_pb.js';
import {
  assertDurable,
  assertSubject,
  BusError,
  CALLER,
  permissionDenied,
  matchesAny,
  MAX_ACK_WAIT_MS,
  resolveConsumeOptions,
  resolveSubscribeOptions,
} from '@tessera/kit';
import type { EventAccess } from '../domain/access.js';
import { AsyncQueue } from './queue.js';
import type { Broker, StoredMessage } from '@tessera/embedded';

/** A fan-out stream whose client lags this many messages behind is closed (it resumes on reconnect). */
export const MAX_SUBSCRIBER_BACKLOG = 10_000;

type BusMessageInit = MessageInitShape<typeof BusMessageSchema>;
type PublishBatchResultInit = MessageInitShape<typeof PublishBatchResultSchema>;

/** Most live messages sent to a subscriber in one response. */
export const SUBSCRIBE_BATCH = 256;
/** Most messages in one PublishBatch call (the kit's publish queue sends at most 256). */
export const MAX_PUBLISH_BATCH = 1000;
/** Most sequences in one Ack call (the kit's ack queue sends at most 256). */
export const MAX_ACK_BATCH = 1000;
/** Most messages handed to a durable's subscriber in one Consume response. */
export const CONSUME_BATCH = 256;
/** Errors that refuse one message of a batch, not the batch. */
const REFUSALS = new Set([Code.InvalidArgument, Code.PermissionDenied]);

function toProto(m: StoredMessage, deliveryCount: number): BusMessageInit {
  return {
    seq: m.seq,
    subject: m.subject,
    msgId: m.msgId,
    data: m.data,
    headers: m.headers,
    timestampMs: m.timestampMs,
    deliveryCount,
  };
}

/** Runs `fn`, turning bad arguments into INVALID_ARGUMENT. */
function checked<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof BusError) throw new ConnectError(err.message, Code.InvalidArgument);
    throw err;
  }
}

function assertReads(access: EventAccess, caller: string | undefined, subjects: string[], what?: string) {
  if (!access.mayRead(caller, subjects))
    throw permissionDenied(
      `'${caller ?? 'unknown'}' may not read ${what ? `${what} (${subjects.join(', ')})` : subjects.join(', ')}`,
    );
}

function assertSeq(seq: number): void {
  if (!Number.isSafeInteger(seq) || seq < 1)
    throw new BusError(`seq must be a positive integer (got ${seq})`);
}

async function* consumeStream(
  broker: Broker,
  access: EventAccess,
  req: ConsumeRequest,
  ctx: HandlerContext,
): AsyncGenerator<MessageInitShape<typeof ConsumeResponseSchema>> {
  const o = checked(() =>
    resolveConsumeOptions({
      durable: req.durable,
      subjects: req.subjects,
      ackWaitMs: req.ackWaitMs || undefined,
      maxDeliver: req.maxDeliver || undefined,
      concurrency: req.maxInFlight || undefined,
    }),
  );
  const caller = ctx.values.get(CALLER);
  assertReads(access, caller, o.subjects);
  // a durable that exists reads what it was created for: only a caller that may read that joins it
  assertReads(access, caller, broker.durableSubjects(o.durable) ?? [], `durable ${o.durable}`);
  const queue = new AsyncQueue<[StoredMessage, number]>();
  const handle = broker.registerConsumer({
    config: { durable: o.durable, subjects: o.subjects, ackWaitMs: o.ackWaitMs, maxDeliver: o.maxDeliver },
    maxInFlight: o.concurrency,
    deliver: (m, n) => queue.push([m, n]),
  });
  try {
    yield { ready: true };
    for (;;) {
      // what the broker handed over together (say, after an ack of several) goes in one response
      const batch = await queue.shiftMany(ctx.signal, CONSUME_BATCH);
      if (!batch) return;
      yield batch.length === 1
        ? { message: toProto(batch[0]![0], batch[0]![1]) }
        : { messages: batch.map(([m, n]) => toProto(m, n)) };
    }
  } finally {
    handle.close(); // what this stream held unacked goes to the other subscribers at once
  }
}

async function* subscribeStream(
  broker: Broker,
  access: EventAccess,
  req: SubscribeRequest,
  ctx: HandlerContext,
): AsyncGenerator<MessageInitShape<typeof SubscribeResponseSchema>> {
  const { subjects, fromSeq } = checked(() =>
    resolveSubscribeOptions({ subjects: req.subjects, fromSeq: req.fromSeq }),
  );
  assertReads(access, ctx.values.get(CALLER), subjects);
  const live = new AsyncQueue<StoredMessage>();
  let overflow = false;
  // Registered first so nothing published during the replay is missed; the replay is read lazily.
  const handle = broker.subscribe(subjects, 0, (m) => {
    if (live.size() >= MAX_SUBSCRIBER_BACKLOG) overflow = true;
    else live.push(m);
  });
  try {
    yield { ready: true, lastSeq: handle.lastSeq };
    if (fromSeq > 0) {
      for (let seq = Math.max(fromSeq, broker.firstSeq()); seq <= handle.lastSeq; seq++) {
        if (ctx.signal.aborted) return;
        const m = broker.message(seq);
        if (m && matchesAny(subjects, m.subject)) yield { message: toProto(m, 1) };
        if (overflow) break;
      }
    }
    for (;;) {
      if (overflow)
        throw new ConnectError(
          'subscriber fell too far behind; resume from the last sequence',
          Code.ResourceExhausted,
        );
      // what waits goes out in one response (a publish batch reaches a subscriber as one frame)
      const batch = await live.shiftMany(ctx.signal, SUBSCRIBE_BATCH);
      if (!batch) return;
      yield batch.length === 1
        ? { message: toProto(batch[0]!, 1) }
        : { messages: batch.map((m) => toProto(m, 1)) };
    }
  } finally {
    handle.close();
  }
}

export class BrokerService {
  constructor(
    readonly broker: Broker,
    /** Who may publish and read what (the process: the trust table's event permissions). */
    private readonly access: EventAccess,
  ) {}

  publish(req: PublishRequest, ctx: HandlerContext) {
    checked(() => assertSubject(req.subject));
    const caller = ctx.values.get(CALLER);
    if (!this.access.mayPublish(caller, req.subject))
      throw permissionDenied(`'${caller ?? 'unknown'}' may not publish to ${req.subject}`);
    return checked(() =>
      this.broker.publish(req.subject, req.data.slice(), { msgId: req.msgId, headers: { ...req.headers } }),
    );
  }

  /**
   * Publishes the messages in order, each checked as `publish` checks it; a message refused (bad
   * argument, permission) gets its error in its result and the others are published. Any other
   * failure (the journal cannot be written) fails the call: the client retries the whole batch and
   * the publish ids make the messages already stored duplicates.
   */
  publishBatch(req: PublishBatchRequest, ctx: HandlerContext): PublishBatchResultInit[] {
    if (req.messages.length > MAX_PUBLISH_BATCH)
      throw new ConnectError(
        `a publish batch holds at most ${MAX_PUBLISH_BATCH} messages (got ${req.messages.length})`,
        Code.InvalidArgument,
      );
    return req.messages.map((m) => {
      try {
        return this.publish(m, ctx);
      } catch (err) {
        if (err instanceof ConnectError && REFUSALS.has(err.code))
          return { errorCode: err.code, errorMessage: err.rawMessage };
        throw err;
      }
    });
  }

  consume(req: ConsumeRequest, ctx: HandlerContext) {
    return consumeStream(this.broker, this.access, req, ctx);
  }

  subscribe(req: SubscribeRequest, ctx: HandlerContext) {
    return subscribeStream(this.broker, this.access, req, ctx);
  }

  /** Acks `seq` and every one of `seqs` (a consumer's acks of one tick), all checked first. */
  ack(req: AckRequest, ctx: HandlerContext): void {
    const seqs = [req.seq, ...req.seqs];
    checked(() => {
      assertDurable(req.durable);
      if (seqs.length > MAX_ACK_BATCH)
        throw new BusError(`an ack holds at most ${MAX_ACK_BATCH} sequences (got ${seqs.length})`);
      seqs.forEach(assertSeq);
    });
    this.assertSettles(req.durable, ctx);
    checked(() => this.broker.ackAll(req.durable, seqs));
  }

  nak(req: NakRequest, ctx: HandlerContext): void {
    checked(() => {
      assertDurable(req.durable);
      assertSeq(req.seq);
      if (!Number.isInteger(req.delayMs) || req.delayMs < 0 || req.delayMs > MAX_ACK_WAIT_MS) {
        throw new BusError(`delayMs must be between 0 and ${MAX_ACK_WAIT_MS}`);
      }
    });
    this.assertSettles(req.durable, ctx);
    checked(() => this.broker.nak(req.durable, req.seq, req.delayMs));
  }

  term(req: TermRequest, ctx: HandlerContext): void {
    checked(() => {
      assertDurable(req.durable);
      assertSeq(req.seq);
    });
    this.assertSettles(req.durable, ctx);
    checked(() => this.broker.term(req.durable, req.seq, req.reason.slice(0, 500)));
  }

  lastSeq(): number {
    return this.broker.lastSeq();
  }

  /** Only a caller that may read a durable's subjects settles its messages (unknown durables: no-op). */
  private assertSettles(durable: string, ctx: HandlerContext): void {
    const subjects = this.broker.durableSubjects(durable);
    if (subjects) assertReads(this.access, ctx.values.get(CALLER), subjects, `durable ${durable}`);
  }
}
