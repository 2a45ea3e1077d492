/**
 * The in-process event bus: the broker core used directly (tests, a single process). Same delivery
 * semantics as the broker process and NATS JetStream; nothing survives the process.
 */
import {
  type Logger,
  type RetentionLimits,
  createLogger,
  type BusMessage,
  type ConsumeOptions,
  type EventBus,
  type PublishOptions,
  type PublishResult,
  type SubscribeOptions,
  type Subscription,
} from '@tessera/kit';
import { Broker } from './engine/core.js';
import type { StoredMessage } from './engine/stream.js';
import { CheckedEventBus, durableConsumer, orderedSubscriber, SubscriptionSet } from '@tessera/kit/adapters';

export interface InProcessBusOptions {
  logger?: Logger;
  retention?: RetentionLimits;
  duplicateWindowMs?: number;
}

/** A delivered message as handlers see it (their own copy of the payload and headers). */
export function toBusMessage(m: StoredMessage, deliveryCount: number): BusMessage {
  return {
    seq: m.seq,
    subject: m.subject,
    msgId: m.msgId,
    data: m.data.slice(),
    headers: { ...m.headers },
    timestampMs: m.timestampMs,
    deliveryCount,
  };
}

export class InProcessBus extends CheckedEventBus {
  private readonly subs = new SubscriptionSet();

  constructor(
    private readonly broker: Broker,
    private readonly logger: Logger,
  ) {
    super();
  }

  protected async publishChecked(
    subject: string,
    data: Uint8Array,
    options: PublishOptions,
  ): Promise<PublishResult> {
    return this.broker.publish(subject, data.slice(), options);
  }

  protected async consumeChecked(options: ConsumeOptions): Promise<Subscription> {
    const { o, pool } = durableConsumer(options, this.logger);
    const { broker } = this;
    let stopped = false;
    const handle = broker.registerConsumer({
      config: { durable: o.durable, subjects: o.subjects, ackWaitMs: o.ackWaitMs, maxDeliver: o.maxDeliver },
      maxInFlight: o.concurrency,
      deliver: (m, n) => {
        if (stopped) return; // left unacked: redelivered to the others when this subscriber goes
        pool.run(toBusMessage(m, n), {
          ack: () => broker.ack(o.durable, m.seq),
          nak: (delayMs) => broker.nak(o.durable, m.seq, delayMs),
          term: (reason) => broker.term(o.durable, m.seq, reason),
        });
      },
    });
    return this.subs.track(async () => {
      stopped = true;
      await pool.idle();
      handle.close();
    });
  }

  protected async subscribeChecked(options: SubscribeOptions): Promise<Subscription> {
    const { subjects, fromSeq, queue } = orderedSubscriber(options, this.logger);
    const handle = this.broker.subscribe(subjects, fromSeq, (m) => queue.push(toBusMessage(m, 1)));
    return this.subs.track(async () => {
      handle.close();
      await queue.stop();
    });
  }

  protected async lastSeqChecked(): Promise<number> {
    return this.broker.lastSeq();
  }

  protected async closeOnce(): Promise<void> {
    await this.subs.stopAll();
    this.broker.close();
  }
}

/** The in-process bus (no persistence): what tests and single-process tools use. */
export function createInProcessBus(opts: InProcessBusOptions = {}): EventBus {
  const logger = (opts.logger ?? createLogger('tessera-bus')).child({ component: 'bus' });
  const broker = new Broker({ logger, retention: opts.retention, duplicateWindowMs: opts.duplicateWindowMs });
  return new InProcessBus(broker, logger);
}
