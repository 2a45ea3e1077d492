/**
 * The broker service: the kit's broker engine (the same one the in-process bus runs on) offered to
 * other processes. Arguments are checked as every bus adapter checks them (a bad one is
 * INVALID_ARGUMENT). Consume and Subscribe are server streams that first send `ready` once
 * registered; a fan-out subscriber that falls too far behind is cut off with RESOURCE_EXHAUSTED and
 * resumes from its last sequence when it reconnects.
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
  PublishRequest,
  SubscribeRequest,
  SubscribeResponseSchema,
  TermRequest,
} from '@tessera/proto/tessera/bus/v1/broker_pb.js';
import {
  assertDurable,
  BusError,
  matchesAny,
  MAX_ACK_WAIT_MS,
  resolveConsumeOptions,
  resolveSubscribeOptions,
  type Broker,
  type StoredMessage,
} from '@tessera/kit';
import { AsyncQueue } from './queue.js';

/** A fan-out stream whose client lags this many messages behind is closed (it resumes on reconnect). */
export const MAX_SUBSCRIBER_BACKLOG = 10_000;

type BusMessageInit = MessageInitShape<typeof BusMessageSchema>;

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

function assertSeq(seq: number): void {
  if (!Number.isSafeInteger(seq) || seq < 1)
    throw new BusError(`seq must be a positive integer (got ${seq})`);
}

async function* consumeStream(
  broker: Broker,
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
  const queue = new AsyncQueue<[StoredMessage, number]>();
  const handle = broker.registerConsumer({
    config: { durable: o.durable, subjects: o.subjects, ackWaitMs: o.ackWaitMs, maxDeliver: o.maxDeliver },
    maxInFlight: o.concurrency,
    deliver: (m, n) => queue.push([m, n]),
  });
  try {
    yield { ready: true };
    for (;;) {
      const item = await queue.shift(ctx.signal);
      if (!item) return;
      yield { message: toProto(item[0], item[1]) };
    }
  } finally {
    handle.close(); // what this stream held unacked goes to the other subscribers at once
  }
}

async function* subscribeStream(
  broker: Broker,
  req: SubscribeRequest,
  ctx: HandlerContext,
): AsyncGenerator<MessageInitShape<typeof SubscribeResponseSchema>> {
  const { subjects, fromSeq } = checked(() =>
    resolveSubscribeOptions({ subjects: req.subjects, fromSeq: req.fromSeq }),
  );
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
      const m = await live.shift(ctx.signal);
      if (!m) return;
      yield { message: toProto(m, 1) };
    }
  } finally {
    handle.close();
  }
}

export class BrokerService {
  constructor(readonly broker: Broker) {}

  publish(req: PublishRequest) {
    return checked(() =>
      this.broker.publish(req.subject, req.data.slice(), { msgId: req.msgId, headers: { ...req.headers } }),
    );
  }

  consume(req: ConsumeRequest, ctx: HandlerContext) {
    return consumeStream(this.broker, req, ctx);
  }

  subscribe(req: SubscribeRequest, ctx: HandlerContext) {
    return subscribeStream(this.broker, req, ctx);
  }

  ack(req: AckRequest): void {
    checked(() => {
      assertDurable(req.durable);
      assertSeq(req.seq);
      this.broker.ack(req.durable, req.seq);
    });
  }

  nak(req: NakRequest): void {
    checked(() => {
      assertDurable(req.durable);
      assertSeq(req.seq);
      if (!Number.isInteger(req.delayMs) || req.delayMs < 0 || req.delayMs > MAX_ACK_WAIT_MS) {
        throw new BusError(`delayMs must be between 0 and ${MAX_ACK_WAIT_MS}`);
      }
      this.broker.nak(req.durable, req.seq, req.delayMs);
    });
  }

  term(req: TermRequest): void {
    checked(() => {
      assertDurable(req.durable);
      assertSeq(req.seq);
      this.broker.term(req.durable, req.seq, req.reason.slice(0, 500));
    });
  }

  lastSeq(): number {
    return this.broker.lastSeq();
  }
}
