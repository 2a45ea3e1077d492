/**
 * The event bus on NATS JetStream (`NATS_URL`): one file-backed stream (`TESSERA`, subjects
 * `tessera.>`, created or updated on open) with JetStream's own dedup window, durable pull
 * consumers with explicit ack, and ordered consumers for fan-out subscribers. Handlers run and
 * settle exactly as with the embedded broker (handlers.ts).
 *
 * nats-server 2.9 allows one filter subject per consumer: a consumer of several patterns filters on
 * the pattern covering them all and acks (skips) what does not match on the client.
 */
import {
  DeliverPolicy,
  ErrorCode,
  Events,
  headers as natsHeaders,
  NatsError,
  type Consumer,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
  type Subscription as NatsSubscription,
} from 'nats';
import type { Logger } from '../log/logger.js';
import { asError, PublishQueue, type QueuedMessage } from './publish-queue.js';
import { DEFAULT_RETENTION, type RetentionLimits } from './retention.js';
import type { DurableHandlerPool } from './handlers.js';
import { durableConsumer, logPoison, orderedSubscriber, SubscriptionSet } from './handlers.js';
import {
  assertMayRead,
  connectWithin,
  ensureConsumer,
  ensureStream,
  errorText,
  fromJsMsg,
  isConsumerMissing,
  isTransientNatsError,
  parseMaxDeliveries,
  portSubject,
  redactUrl,
  type NatsNamespace,
  type StreamSettings,
} from './nats-setup.js';
import { CheckedEventBus } from './checked-bus.js';
import type { ResolvedConsumeOptions } from './options.js';
import {
  DUPLICATE_WINDOW_MS,
  STREAM_NAME,
  type ConsumeOptions,
  type PublishOptions,
  type PublishResult,
  type SubscribeOptions,
  type Subscription,
} from './port.js';
import { backoffDelayMs, retrying, sleepUnlessAborted } from '../async/retry.js';
import { BusError, coveringPattern, matchesAny } from './subjects.js';

export interface NatsBusOptions {
  /** nats:// or tls:// URL (NATS_URL). */
  url: string;
  logger: Logger;
  /** Connection name shown by the server (e.g. `tessera-lock`). */
  name?: string;
  /** The process's NATS user and password (NATS_USER, NATS_PASSWORD); its permissions: nats-permissions.ts. */
  user?: string;
  password?: string;
  /** Inbox prefix of replies and deliveries (a user may read only its own: `natsInboxPrefix(user)`). */
  inboxPrefix?: string;
  /** Stream name (default TESSERA). */
  stream?: string;
  /** Prefix of every subject on the wire, ending in '.' (default none); isolates test runs. */
  subjectPrefix?: string;
  /** How long open() waits for the server (default 15 s). */
  connectTimeoutMs?: number;
  /** How long a publish keeps retrying while the server or stream is unavailable (default 15 s). */
  publishDeadlineMs?: number;
  duplicateWindowMs?: number;
  retention?: RetentionLimits;
}

/** How long one pull request waits for messages before it is renewed. */
const FETCH_EXPIRES_MS = 5000;
/** Messages one subscriber asks for at once. */
const SUBSCRIBER_BATCH = 256;
/** Fan-out messages waiting for the handler before reading pauses. */
const SUBSCRIBER_HIGH_WATER = 1000;
const PREFIX_SHAPE = /^([^\s.*>]+\.)*$/;
const STREAM_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

export class NatsBus extends CheckedEventBus {
  private readonly subs = new SubscriptionSet();
  private readonly closing = new AbortController();
  /** Consumer filters this user was seen to be allowed to read (assertMayRead). */
  private readonly readable = new Set<string>();
  /** A tick's publishes go out back to back on the connection, one batch at a time, in order. */
  private readonly publisher = new PublishQueue((batch) =>
    Promise.all(batch.map((m) => this.publishOne(m).catch((err: unknown) => asError(err)))),
  );

  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly js: JetStreamClient,
    private readonly ns: NatsNamespace,
    private readonly settings: StreamSettings & { publishDeadlineMs: number },
    private readonly logger: Logger,
  ) {
    super();
    this.watchConnection().catch(() => undefined);
  }

  /** Connects (waiting up to `connectTimeoutMs`), makes sure the stream exists, and returns the bus. */
  static async connect(opts: NatsBusOptions): Promise<NatsBus> {
    const ns: NatsNamespace = { stream: opts.stream ?? STREAM_NAME, subjectPrefix: opts.subjectPrefix ?? '' };
    if (!STREAM_SHAPE.test(ns.stream)) throw new BusError(`invalid stream name '${ns.stream}'`);
    if (!PREFIX_SHAPE.test(ns.subjectPrefix))
      throw new BusError(`invalid subject prefix '${ns.subjectPrefix}'`);
    const settings = {
      duplicateWindowMs: opts.duplicateWindowMs ?? DUPLICATE_WINDOW_MS,
      retention: opts.retention ?? DEFAULT_RETENTION,
      publishDeadlineMs: opts.publishDeadlineMs ?? 15_000,
    };
    const nc = await connectWithin(opts.url, opts.name ?? 'tessera', opts.connectTimeoutMs ?? 15_000, {
      user: opts.user,
      pass: opts.password,
      inboxPrefix: opts.inboxPrefix,
    });
    try {
      const jsm = await nc.jetstreamManager();
      await ensureStream(jsm, ns, settings, opts.logger);
      return new NatsBus(nc, jsm, nc.jetstream(), ns, settings, opts.logger);
    } catch (err) {
      await nc.close().catch(() => undefined);
      throw new BusError(`JetStream at ${redactUrl(opts.url)} is not usable: ${errorText(err)}`);
    }
  }

  protected async publishChecked(
    subject: string,
    data: Uint8Array,
    options: PublishOptions,
  ): Promise<PublishResult> {
    return this.publisher.publish(subject, data, options);
  }

  /** One message, retried while the server or stream is unavailable (the publish id makes it safe). */
  private publishOne({ subject, data, options }: QueuedMessage): Promise<PublishResult> {
    return retrying(
      async () => {
        try {
          const h = natsHeaders();
          for (const [k, v] of Object.entries(options.headers ?? {})) h.set(k, v);
          const ack = await this.js.publish(`${this.ns.subjectPrefix}${subject}`, data, {
            msgID: options.msgId,
            headers: h,
          });
          return { seq: ack.seq, duplicate: ack.duplicate };
        } catch (err) {
          if (
            err instanceof NatsError &&
            [ErrorCode.MaxPayloadExceeded, ErrorCode.BadHeader].includes(err.code as ErrorCode)
          ) {
            throw new BusError(`message refused: ${err.message}`);
          }
          throw err;
        }
      },
      {
        deadlineMs: this.settings.publishDeadlineMs,
        signal: this.closing.signal,
        // a closing bus gives what is queued one more attempt, no retries
        transient: (err) => !this.closed && isTransientNatsError(err),
        onRetry: async (err) => {
          this.logger.debug({ subject, err: errorText(err) }, 'publish failed; retrying');
          if (err instanceof NatsError && err.code === ErrorCode.NoResponders) await this.repairStream();
        },
      },
    );
  }

  protected async consumeChecked(options: ConsumeOptions): Promise<Subscription> {
    const { o, pool } = durableConsumer(options, this.logger);
    const info = await ensureConsumer(this.jsm, this.ns, o);
    const consumer = this.js.consumers.getPullConsumerFor(info);
    const state: PullState = { stopped: false, stop: new AbortController() };
    const advisory = this.watchMaxDeliveries(o.durable);
    const loop = this.pullLoop(consumer, pool, o, state);
    return this.subs.track(async () => {
      state.stopped = true;
      state.stop.abort();
      state.batch?.stop();
      advisory.unsubscribe();
      await pool.idle();
      await loop;
    });
  }

  protected async subscribeChecked(options: SubscribeOptions): Promise<Subscription> {
    const { subjects, fromSeq, queue } = orderedSubscriber(options, this.logger);
    const filter = `${this.ns.subjectPrefix}${coveringPattern(subjects)}`;
    if (!this.readable.has(filter)) {
      await assertMayRead(this.jsm, this.ns, filter);
      this.readable.add(filter);
    }
    const start = fromSeq > 0 ? fromSeq : (await this.lastSeq()) + 1;
    const consumer = await this.js.consumers.get(this.ns.stream, {
      filterSubjects: filter,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: start,
    });
    const messages = await consumer.consume({ max_messages: SUBSCRIBER_BATCH });
    let stopped = false;
    const loop = (async () => {
      try {
        for await (const m of messages) {
          const subject = portSubject(this.ns, m.subject);
          if (subject === undefined || !matchesAny(subjects, subject)) continue;
          queue.push(fromJsMsg(m, subject, 1));
          if (queue.backlog() > SUBSCRIBER_HIGH_WATER) await queue.waitBelow(SUBSCRIBER_HIGH_WATER / 2);
        }
      } catch (err) {
        if (!stopped) this.logger.error({ err: errorText(err) }, 'bus subscriber stopped by the server');
      }
    })();
    return this.subs.track(async () => {
      stopped = true;
      const closing = messages.close();
      await queue.stop(); // also wakes the loop when it waits for the handler to catch up
      await closing;
      await loop;
      await consumer.delete().catch(() => undefined); // the server would drop it when inactive anyway
    });
  }

  protected async lastSeqChecked(): Promise<number> {
    return (await this.jsm.streams.info(this.ns.stream)).state.last_seq;
  }

  protected async closeOnce(): Promise<void> {
    this.closing.abort(); // what is queued gets one more attempt, no retries
    await this.publisher.close();
    await this.subs.stopAll();
    try {
      await this.nc.drain();
    } catch {
      await this.nc.close().catch(() => undefined);
    }
  }

  /**
   * One durable subscriber: asks for as many messages as it has free handler slots (so it never
   * holds a message it cannot run while the ack wait runs), hands each to the pool, and starts over.
   * Errors (a consumer deleted under it, a lost connection) are retried with backoff.
   */
  private async pullLoop(
    initial: Consumer,
    pool: DurableHandlerPool,
    o: ResolvedConsumeOptions,
    state: PullState,
  ): Promise<void> {
    let consumer: Consumer | undefined = initial;
    const stopped = new Promise<void>((resolve) =>
      state.stop.signal.addEventListener('abort', () => resolve()),
    );
    for (let attempt = 0; !state.stopped;) {
      await Promise.race([pool.slot(), stopped]);
      if (state.stopped) return;
      try {
        consumer ??= this.js.consumers.getPullConsumerFor(await ensureConsumer(this.jsm, this.ns, o));
        const batch = await consumer.fetch({
          max_messages: o.concurrency - pool.active(),
          expires: FETCH_EXPIRES_MS,
        });
        state.batch = batch;
        for await (const m of batch) this.dispatch(m, pool, o, state);
        attempt = 0;
      } catch (err) {
        if (state.stopped) return;
        if (isConsumerMissing(err)) consumer = undefined;
        const log = attempt === 0 ? this.logger.warn : this.logger.debug;
        log.call(
          this.logger,
          { durable: o.durable, err: errorText(err) },
          'bus consumer: pulling failed; retrying',
        );
        if (!(await sleepUnlessAborted(backoffDelayMs(attempt++), state.stop.signal))) return;
      } finally {
        state.batch = undefined;
      }
    }
  }

  private dispatch(m: JsMsg, pool: DurableHandlerPool, o: ResolvedConsumeOptions, state: PullState): void {
    if (state.stopped) {
      m.nak(); // handed back at once, for the other subscribers of the durable
      return;
    }
    const subject = portSubject(this.ns, m.subject);
    if (subject === undefined || !matchesAny(o.subjects, subject)) {
      m.ack(); // let through by the covering filter only: not for this durable
      return;
    }
    pool.run(fromJsMsg(m, subject, m.info.deliveryCount), {
      ack: () => m.ack(),
      nak: (delayMs) => m.nak(delayMs),
      term: () => m.term(), // nats-server 2.9 does not understand a reason after +TERM
    });
  }

  /**
   * Logs a message that ran out of deliveries without any ack (its handler never settled in time),
   * once per durable: JetStream's advisory goes to one member of a queue group named after it.
   */
  private watchMaxDeliveries(durable: string): NatsSubscription {
    const subject = `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${this.ns.stream}.${durable}`;
    return this.nc.subscribe(subject, {
      queue: `tessera-poison-${durable}`,
      callback: (err, msg) => {
        const adv = err ? undefined : parseMaxDeliveries(msg.data);
        if (!adv) return;
        void this.jsm.streams
          .getMessage(this.ns.stream, { seq: adv.stream_seq })
          .then(
            (sm) => ({
              subject: portSubject(this.ns, sm.subject) ?? sm.subject,
              msgId: sm.header.get('Nats-Msg-Id'),
            }),
            // removed from the stream, or not readable by this process's NATS user
            () => ({ subject: '(not available)', msgId: '' }),
          )
          .then(({ subject: s, msgId }) =>
            logPoison(this.logger, {
              durable,
              subject: s,
              seq: adv.stream_seq,
              msgId,
              deliveries: adv.deliveries,
              reason: 'no ack within the ack wait',
            }),
          );
      },
    });
  }

  /** Recreates the stream when it went missing (deleted by hand); failures are left to the retry. */
  private async repairStream(): Promise<void> {
    try {
      await ensureStream(this.jsm, this.ns, this.settings, this.logger);
    } catch (err) {
      this.logger.debug({ err: errorText(err) }, 'could not check the JetStream stream');
    }
  }

  private async watchConnection(): Promise<void> {
    for await (const s of this.nc.status()) {
      if (s.type === Events.Disconnect)
        this.logger.warn({ server: s.data }, 'NATS connection lost; reconnecting');
      else if (s.type === Events.Reconnect) this.logger.info({ server: s.data }, 'NATS connection restored');
      else if (s.type === Events.Error) this.logger.warn({ err: String(s.data) }, 'NATS connection error');
    }
  }
}

interface PullState {
  stopped: boolean;
  stop: AbortController;
  batch?: ConsumerMessages;
}
