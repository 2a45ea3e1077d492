/**
 * The broker served over Connect (`tessera.bus.v1.BrokerService`) with grpc.health.v1, for the
 * embedded broker process and for tests (port 0). Consume and Subscribe are server streams that
 * first send `ready` once registered; a fan-out subscriber that falls too far behind is cut off with
 * RESOURCE_EXHAUSTED and resumes from its last sequence when it reconnects.
 */
import type { ConnectRouter, HandlerContext } from '@connectrpc/connect';
import { Code, ConnectError } from '@connectrpc/connect';
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  BrokerService,
  type BusMessageSchema,
  type ConsumeRequest,
  type ConsumeResponseSchema,
  type SubscribeRequest,
  type SubscribeResponseSchema,
} from '@tessera/proto/tessera/bus/v1/broker_pb.js';
import type { Logger } from '../../log/logger.js';
import { startRpcServer, type RpcServer } from '../../rpc/server.js';
import { MAX_ACK_WAIT_MS, resolveConsumeOptions, resolveSubscribeOptions } from '../options.js';
import { assertDurable, BusError, matchesAny } from '../subjects.js';
import { Broker } from './core.js';
import { AsyncQueue } from './queue.js';
import type { RetentionLimits, StoredMessage } from './stream.js';

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

/** Registers BrokerService for `broker`. */
export function brokerRoutes(broker: Broker): (router: ConnectRouter) => void {
  return (router) =>
    router.service(BrokerService, {
      publish: (req) =>
        checked(() =>
          broker.publish(req.subject, req.data.slice(), { msgId: req.msgId, headers: { ...req.headers } }),
        ),
      consume: (req, ctx) => consumeStream(broker, req, ctx),
      ack: (req) =>
        checked(() => {
          assertDurable(req.durable);
          assertSeq(req.seq);
          broker.ack(req.durable, req.seq);
          return {};
        }),
      nak: (req) =>
        checked(() => {
          assertDurable(req.durable);
          assertSeq(req.seq);
          if (!Number.isInteger(req.delayMs) || req.delayMs < 0 || req.delayMs > MAX_ACK_WAIT_MS) {
            throw new BusError(`delayMs must be between 0 and ${MAX_ACK_WAIT_MS}`);
          }
          broker.nak(req.durable, req.seq, req.delayMs);
          return {};
        }),
      term: (req) =>
        checked(() => {
          assertDurable(req.durable);
          assertSeq(req.seq);
          broker.term(req.durable, req.seq, req.reason.slice(0, 500));
          return {};
        }),
      subscribe: (req, ctx) => subscribeStream(broker, req, ctx),
      lastSeq: () => ({ seq: broker.lastSeq() }),
    });
}

export interface BrokerServerOptions {
  host?: string;
  port: number;
  logger: Logger;
  /** Folder of the journal (`<DATA_DIR>/bus`); omitted: in memory only. */
  dataDir?: string;
  retention?: RetentionLimits;
}

export interface BrokerServer {
  url: string;
  port: number;
  broker: Broker;
  server: RpcServer;
  /** Stops accepting calls, cancels the streams, then closes the journal. */
  close(graceMs?: number): Promise<void>;
}

/** Starts the broker over Connect (h2c) with grpc.health.v1. */
export async function startBrokerServer(opts: BrokerServerOptions): Promise<BrokerServer> {
  const broker = opts.dataDir
    ? Broker.open(opts.dataDir, { logger: opts.logger, retention: opts.retention })
    : new Broker({ logger: opts.logger, retention: opts.retention });
  let server: RpcServer;
  try {
    server = await startRpcServer({
      name: 'bus',
      host: opts.host ?? '127.0.0.1',
      port: opts.port,
      logger: opts.logger,
      routes: brokerRoutes(broker),
      services: [BrokerService.typeName],
    });
  } catch (err) {
    broker.close();
    throw err;
  }
  return {
    url: server.url,
    port: server.port,
    broker,
    server,
    async close(graceMs = 500) {
      await server.close(graceMs);
      broker.close();
    },
  };
}
