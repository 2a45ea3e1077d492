/**
 * The event bus of a service when the embedded broker process runs (`BUS_URL`): BrokerService over
 * Connect/HTTP2 (unary calls on the peers' short path, rpc/unary-transport.ts). Publishes are queued and sent as one PublishBatch call per tick (publish-queue.ts:
 * one batch in flight, in publish order), and a durable consumer's acks of a tick as one Ack call;
 * messages the broker hands a consumer together arrive in one Consume response. Batches, ack, nak
 * and term are unary calls retried while the broker restarts (publish ids make a retried publish
 * safe, acks are idempotent); consume and subscribe are server streams reopened with backoff when
 * the connection drops. A durable resumes from the broker's (persisted) state; a
 * subscriber resumes after the last sequence it received, so it misses nothing.
 */
import { createClient, ConnectError, Code, type Client } from '@connectrpc/connect';
import { createConnectTransport, Http2SessionManager } from '@connectrpc/connect-node';
import {
  BrokerService,
  type BusMessage as ProtoBusMessage,
} from '@tessera/proto/tessera/bus/v1/broker_pb.js';
import {
  REFUSED_HEADER,
  type Logger,
  attachIdentity,
  processIdentity,
  type CallerIdentity,
  type BusMessage,
  type ConsumeOptions,
  type PublishOptions,
  type PublishResult,
  type SubscribeOptions,
  type Subscription,
  backoffDelayMs,
  retrying,
  sleepUnlessAborted,
  type Backoff,
  BusError,
} from '@tessera/kit';
import {
  createUnaryTransport,
  durableConsumer,
  orderedSubscriber,
  SubscriptionSet,
  type Settle,
  CheckedEventBus,
  DEFAULT_BACKOFF,
  isTransient,
  PublishQueue,
  type QueuedMessage,
  TickBatches,
} from '@tessera/kit/adapters';

export interface RemoteBusOptions {
  /** The broker's address (BUS_URL), e.g. http://127.0.0.1:4223. */
  url: string;
  logger: Logger;
  /** How long calls (and the first connection) keep retrying while the broker is unreachable (default 15 s). */
  retryDeadlineMs?: number;
  /** Deadline of one unary call (default 5 s). */
  callTimeoutMs?: number;
  backoff?: Backoff;
  /**
   * Whose service token the calls carry (the broker checks it against the event permissions).
   * Default: the process identity, read at each call.
   */
  identity?: CallerIdentity;
}

/** Fan-out messages waiting for the handler before the stream is read again. */
const SUBSCRIBER_HIGH_WATER = 1000;

function fromProto(m: ProtoBusMessage): BusMessage {
  return {
    seq: m.seq,
    subject: m.subject,
    msgId: m.msgId,
    data: m.data,
    headers: { ...m.headers },
    timestampMs: m.timestampMs,
    deliveryCount: m.deliveryCount,
  };
}

function asBusError(err: unknown): unknown {
  return err instanceof ConnectError && err.code === Code.InvalidArgument
    ? new BusError(err.rawMessage)
    : err;
}

/** The error of one message a batch refused, as a refused single publish would have it. */
function refusal(r: { errorCode: number; errorMessage: string }): ConnectError {
  const code = r.errorCode as Code;
  const metadata =
    code === Code.PermissionDenied ? new Headers({ [REFUSED_HEADER]: 'permission_denied' }) : undefined;
  return new ConnectError(r.errorMessage, code, metadata);
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

export class RemoteBus extends CheckedEventBus {
  private readonly client: Client<typeof BrokerService>;
  private readonly sessions: Http2SessionManager;
  private readonly closing = new AbortController();
  private readonly subs = new SubscriptionSet();
  private readonly logger: Logger;
  private readonly retryDeadlineMs: number;
  private readonly backoff: Backoff;
  private readonly publisher = new PublishQueue((batch) => this.sendBatch(batch));

  constructor(private readonly opts: RemoteBusOptions) {
    super();
    this.logger = opts.logger;
    this.retryDeadlineMs = opts.retryDeadlineMs ?? 15_000;
    this.backoff = opts.backoff ?? DEFAULT_BACKOFF;
    this.sessions = new Http2SessionManager(opts.url, { pingIntervalMs: 10_000, pingTimeoutMs: 5000 });
    // no tracing interceptor: the broker's calls are transport; the messages' PRODUCER and CONSUMER
    // spans are the bus's (telemetry/bus-tracing.ts)
    const interceptors = [attachIdentity(() => opts.identity ?? processIdentity())];
    const defaultTimeoutMs = opts.callTimeoutMs ?? 5000;
    const streams = createConnectTransport({
      baseUrl: opts.url,
      httpVersion: '2',
      useBinaryFormat: true,
      // Consume and Subscribe responses uncompressed: a batch of events over 1 KiB was gzipped by the
      // broker for the bytes of a loopback or pod network, 17% of its CPU on the lock pairs after a
      // burst of commits (loadtests/README.md, "Latest figures")
      acceptCompression: [],
      sessionManager: this.sessions,
      interceptors,
      defaultTimeoutMs,
    });
    // batches, acks, nak and term take the peers' short unary path (rpc/unary-transport.ts)
    this.client = createClient(
      BrokerService,
      createUnaryTransport({
        baseUrl: opts.url,
        sessionManager: this.sessions,
        interceptors,
        defaultTimeoutMs,
        streams,
      }),
    );
  }

  /** Connects (waiting, with retries, for the broker to answer) and returns the bus. */
  static async connect(opts: RemoteBusOptions): Promise<RemoteBus> {
    const bus = new RemoteBus(opts);
    try {
      await bus.lastSeq();
    } catch (err) {
      await bus.close();
      throw new BusError(
        `event broker at ${opts.url} is not reachable: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    return bus;
  }

  protected async publishChecked(
    subject: string,
    data: Uint8Array,
    options: PublishOptions,
  ): Promise<PublishResult> {
    try {
      return await this.publisher.publish(subject, data, options);
    } catch (err) {
      throw asBusError(err);
    }
  }

  /** One PublishBatch call for the messages of a tick (retried whole while the broker restarts). */
  private async sendBatch(batch: QueuedMessage[]): Promise<(PublishResult | Error)[]> {
    const messages = batch.map((m) => ({
      subject: m.subject,
      msgId: m.options.msgId,
      data: m.data,
      headers: m.options.headers ?? {},
    }));
    const res = await this.retry(() => this.client.publishBatch({ messages }));
    return res.results.map((r) => (r.errorCode === 0 ? { seq: r.seq, duplicate: r.duplicate } : refusal(r)));
  }

  protected async consumeChecked(options: ConsumeOptions): Promise<Subscription> {
    const { o, pool } = durableConsumer(options, this.logger);
    const settler = this.settler(o.durable);
    let stopped = false;
    const req = {
      durable: o.durable,
      subjects: o.subjects,
      ackWaitMs: o.ackWaitMs,
      maxDeliver: o.maxDeliver,
      maxInFlight: o.concurrency,
    };
    const stopStream = await this.openStream(
      `durable ${o.durable}`,
      (signal) => this.client.consume(req, { signal, timeoutMs: 0 }),
      (res, ready) => {
        if (res.ready) return ready();
        if (stopped) return; // not run: the broker redelivers them to the others
        for (const m of res.message ? [res.message] : res.messages) pool.run(fromProto(m), settler(m.seq));
      },
    );
    return this.subs.track(async () => {
      stopped = true;
      await pool.idle();
      await stopStream();
    });
  }

  protected async subscribeChecked(options: SubscribeOptions): Promise<Subscription> {
    const { subjects, fromSeq, queue } = orderedSubscriber(options, this.logger);
    let next = fromSeq; // the next sequence wanted (0 until the first `ready`: new messages only)
    let connected = false;
    const stopStream = await this.openStream(
      'subscriber',
      (signal) => this.client.subscribe({ subjects, fromSeq: next }, { signal, timeoutMs: 0 }),
      async (res, ready) => {
        if (res.ready) {
          if (next === 0) next = res.lastSeq + 1;
          else if (connected && res.lastSeq < next - 1) {
            this.logger.warn(
              { lastSeq: res.lastSeq, expected: next - 1 },
              'bus broker lost its stream; following it',
            );
            next = res.lastSeq + 1;
          }
          connected = true;
          return ready();
        }
        for (const m of res.message ? [res.message] : res.messages) {
          if (m.seq < next) continue;
          next = m.seq + 1;
          queue.push(fromProto(m));
        }
        if (queue.backlog() > SUBSCRIBER_HIGH_WATER) await queue.waitBelow(SUBSCRIBER_HIGH_WATER / 2);
      },
    );
    return this.subs.track(async () => {
      await stopStream();
      await queue.stop();
    });
  }

  protected async lastSeqChecked(): Promise<number> {
    return (await this.retry(() => this.client.lastSeq({}))).seq;
  }

  protected async closeOnce(): Promise<void> {
    await this.subs.stopAll();
    this.closing.abort(); // what is queued gets one more attempt, no retries
    await this.publisher.close();
    this.sessions.abort();
  }

  /**
   * How a durable's messages are settled: acks of one tick go together in one Ack call (one call in
   * flight per durable, retried whole while the broker restarts: acks are idempotent); naks and
   * terms, rare, go one call each.
   */
  private settler(durable: string): (seq: number) => Settle {
    const acks = new TickBatches<number, void>(async (seqs) => {
      await this.retry(() => this.client.ack({ durable, seq: seqs[0]!, seqs: seqs.slice(1) }));
      return seqs.map(() => undefined);
    });
    return (seq) => ({
      ack: () => acks.add(seq),
      nak: async (delayMs) => void (await this.retry(() => this.client.nak({ durable, seq, delayMs }))),
      term: async (reason) => void (await this.retry(() => this.client.term({ durable, seq, reason }))),
    });
  }

  private retry<T>(fn: () => Promise<T>): Promise<T> {
    return retrying(fn, {
      deadlineMs: this.retryDeadlineMs,
      signal: this.closing.signal,
      backoff: this.backoff,
    });
  }

  /**
   * Opens a server stream kept open until the returned stop function is called (keepStreaming) and
   * waits for the broker's first `ready` on it, which `handle` reports by calling `ready()`.
   */
  private async openStream<R>(
    what: string,
    open: (signal: AbortSignal) => AsyncIterable<R>,
    handle: (res: R, ready: () => void) => void | Promise<void>,
  ): Promise<() => Promise<void>> {
    const stream = new AbortController();
    const ready = deferred<void>();
    const loop = this.keepStreaming(
      what,
      open,
      (res) => handle(res, ready.resolve),
      stream.signal,
      (err) => ready.reject(asBusError(err)),
    );
    await this.firstReady(ready.promise, stream, loop);
    return async () => {
      stream.abort();
      await loop;
    };
  }

  /** Waits for the first `ready` (or a bad-argument failure, or the retry deadline). */
  private async firstReady(
    ready: Promise<void>,
    stream: AbortController,
    loop: Promise<void>,
  ): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new BusError(`event broker at ${this.opts.url} did not answer within ${this.retryDeadlineMs} ms`),
          ),
        this.retryDeadlineMs,
      );
    });
    try {
      await Promise.race([ready, timeout]);
    } catch (err) {
      stream.abort();
      await loop;
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Keeps a server stream open until `signal` aborts: reopens it with backoff when it ends or
   * fails. A bad-argument or refused-caller failure is final (reported through `fatal`).
   */
  private async keepStreaming<R>(
    what: string,
    open: (signal: AbortSignal) => AsyncIterable<R>,
    handle: (res: R) => void | Promise<void>,
    signal: AbortSignal,
    fatal: (err: unknown) => void,
  ): Promise<void> {
    for (let attempt = 0; !signal.aborted; attempt++) {
      try {
        for await (const res of open(signal)) {
          attempt = 0;
          await handle(res);
        }
        if (signal.aborted) return;
        this.logger.info(`bus ${what}: the broker ended the stream; reconnecting`);
      } catch (err) {
        if (signal.aborted) return;
        // a bad argument, or a caller the broker refuses: reconnecting would not change the answer
        if (!isTransient(err)) {
          if (err instanceof ConnectError && err.code === Code.InvalidArgument) return fatal(err);
          this.logger.error(
            { err: err instanceof Error ? err.message : String(err) },
            `bus ${what}: the broker refused the stream; not reconnecting`,
          );
          return fatal(err);
        }
        const log = attempt === 0 ? this.logger.warn : this.logger.debug;
        log.call(
          this.logger,
          { err: err instanceof Error ? err.message : String(err) },
          `bus ${what}: connection to the broker lost; reconnecting`,
        );
      }
      if (!(await sleepUnlessAborted(backoffDelayMs(attempt, this.backoff), signal))) return;
    }
  }
}
