/**
 * The in-process event bus: the broker core used directly (tests, a single process). Same delivery
 * semantics as the broker process and NATS JetStream; nothing survives the process.
 */
import type { Logger } from '../../log/logger.js';
import { createLogger } from '../../log/logger.js';
import { Broker } from './engine/core.js';
import type { RetentionLimits, StoredMessage } from './engine/stream.js';
import { durableConsumer, orderedSubscriber, SubscriptionSet } from '../handlers.js';
import type {
  BusMessage,
  ConsumeOptions,
  EventBus,
  PublishOptions,
  PublishResult,
  SubscribeOptions,
  Subscription,
} from '../port.js';
import { BusError } from '../subjects.js';

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

export class InProcessBus implements EventBus {
  private readonly subs = new SubscriptionSet();
  private closed = false;

  constructor(
    private readonly broker: Broker,
    private readonly logger: Logger,
  ) {}

  async publish(subject: string, data: Uint8Array, options: PublishOptions): Promise<PublishResult> {
    const copy = data instanceof Uint8Array ? data.slice() : data;
    return this.broker.publish(subject, copy, options);
  }

  async consume(options: ConsumeOptions): Promise<Subscription> {
    this.assertOpen();
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

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    const { subjects, fromSeq, queue } = orderedSubscriber(options, this.logger);
    const handle = this.broker.subscribe(subjects, fromSeq, (m) => queue.push(toBusMessage(m, 1)));
    return this.subs.track(async () => {
      handle.close();
      await queue.stop();
    });
  }

  async lastSeq(): Promise<number> {
    this.assertOpen();
    return this.broker.lastSeq();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.subs.stopAll();
    this.broker.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new BusError('the bus is closed');
  }
}

/** The in-process bus (no persistence): what tests and single-process tools use. */
export function createInProcessBus(opts: InProcessBusOptions = {}): EventBus {
  const logger = (opts.logger ?? createLogger('tessera-bus')).child({ component: 'bus' });
  const broker = new Broker({ logger, retention: opts.retention, duplicateWindowMs: opts.duplicateWindowMs });
  return new InProcessBus(broker, logger);
}
