/**
 * Client-side handling shared by every adapter: running durable handlers with a concurrency limit
 * and settling each message (ack on success, nak with backoff on failure, term + poison log on the
 * last allowed delivery), and running fan-out handlers one at a time in order.
 */
import { settleWithin } from '../async/settle-within.js';
import type { Logger } from '../log/logger.js';
import type { BusMessage, ConsumeOptions, SubscribeOptions, Subscription } from './port.js';
import {
  nakDelayMs,
  resolveConsumeOptions,
  resolveSubscribeOptions,
  type ResolvedConsumeOptions,
} from './options.js';
import { BusError } from './subjects.js';
import { observeDelivery, observeSettled } from '../metrics/bus.js';

/** Every adapter refuses a handler that is not a function the same way. */
export function assertHandler(handler: unknown): void {
  if (typeof handler !== 'function') throw new BusError('handler must be a function');
}

/** How every adapter's `consume` starts: the options checked, and the pool that runs the handler. */
export function durableConsumer(
  options: ConsumeOptions,
  logger: Logger,
): { o: ResolvedConsumeOptions; pool: DurableHandlerPool } {
  const o = resolveConsumeOptions(options);
  assertHandler(options.handler);
  return { o, pool: new DurableHandlerPool({ ...o, logger, handler: options.handler }) };
}

/** How every adapter's `subscribe` starts: the options checked, and the queue that runs the handler in order. */
export function orderedSubscriber(
  options: SubscribeOptions,
  logger: Logger,
): { subjects: string[]; fromSeq: number; queue: OrderedHandlerQueue } {
  const { subjects, fromSeq } = resolveSubscribeOptions(options);
  assertHandler(options.handler);
  return { subjects, fromSeq, queue: new OrderedHandlerQueue(options.handler, logger) };
}

/** How an adapter settles one delivered message with its broker. */
export interface Settle {
  ack(): Promise<void> | void;
  nak(delayMs: number): Promise<void> | void;
  term(reason: string): Promise<void> | void;
}

export interface PoisonInfo {
  durable: string;
  subject: string;
  seq: number;
  msgId: string;
  deliveries: number;
  reason: string;
}

/** The one log line of a poison message (error level, with subject, seq, msgId and deliveries). */
export function logPoison(logger: Logger, info: PoisonInfo, err?: unknown): void {
  logger.error(
    { poison: true, ...info, ...(err === undefined ? {} : { err }) },
    `poison message ${info.subject} seq ${info.seq} (msgId ${info.msgId}) given up after ${info.deliveries} deliveries: ${info.reason}`,
  );
}

/** Longest a stop() waits for running handlers before it returns anyway. */
export const STOP_WAIT_CAP_MS = 5000;

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Runs one durable subscriber's handlers: at most `concurrency` at once, in the order messages are
 * handed over. A handler that outlives the ack wait frees its slot (the broker redelivers the
 * message); its late success still acks, its late failure is left to the broker's redelivery.
 */
export class DurableHandlerPool {
  private running = 0;
  private readonly waiters: (() => void)[] = [];
  private readonly inflight = new Set<Promise<void>>();

  constructor(
    private readonly opts: ResolvedConsumeOptions & {
      logger: Logger;
      handler: (msg: BusMessage) => Promise<void>;
    },
  ) {}

  /** Resolves once a slot is free (call before taking the next message off the wire). */
  slot(): Promise<void> {
    if (this.running < this.opts.concurrency) return Promise.resolve();
    return new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  hasFreeSlot(): boolean {
    return this.running < this.opts.concurrency;
  }

  active(): number {
    return this.running;
  }

  /** Takes a slot and runs the handler for `msg`; never throws. */
  run(msg: BusMessage, settle: Settle): void {
    this.running++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.running--;
      this.waiters.shift()?.();
    };
    const lateTimer = setTimeout(release, this.opts.ackWaitMs);
    lateTimer.unref();
    const task = this.handle(msg, settle, () => released).finally(() => {
      clearTimeout(lateTimer);
      release();
      this.inflight.delete(task);
    });
    this.inflight.add(task);
  }

  /** Resolves when every running handler has settled, or after `capMs`. */
  async idle(capMs = Math.min(this.opts.ackWaitMs, STOP_WAIT_CAP_MS)): Promise<void> {
    if (this.inflight.size === 0) return;
    await settleWithin(Promise.allSettled([...this.inflight]), capMs);
  }

  private async handle(msg: BusMessage, settle: Settle, late: () => boolean): Promise<void> {
    const { logger, durable, maxDeliver, ackWaitMs } = this.opts;
    const where = {
      durable,
      subject: msg.subject,
      seq: msg.seq,
      msgId: msg.msgId,
      deliveryCount: msg.deliveryCount,
    };
    let failure: unknown;
    let ok = false;
    await Promise.resolve(); // never run a handler inside the caller's (the broker's) stack
    observeDelivery(durable, msg);
    try {
      await this.opts.handler(msg);
      ok = true;
    } catch (err) {
      failure = err;
    }
    try {
      if (ok) {
        await settle.ack();
        observeSettled(durable, msg, 'ack');
        return;
      }
      if (late()) {
        observeSettled(durable, msg, 'late');
        logger.warn(
          { ...where, err: failure },
          'event handler failed after the ack wait; the broker redelivers it',
        );
        return;
      }
      if (msg.deliveryCount >= maxDeliver) {
        const reason = `handler failed: ${errorMessage(failure)}`;
        logPoison(
          logger,
          {
            durable,
            subject: msg.subject,
            seq: msg.seq,
            msgId: msg.msgId,
            deliveries: msg.deliveryCount,
            reason,
          },
          failure,
        );
        await settle.term(reason);
        observeSettled(durable, msg, 'term');
        return;
      }
      const delayMs = nakDelayMs(msg.deliveryCount, ackWaitMs);
      logger.warn({ ...where, err: failure, retryInMs: delayMs }, 'event handler failed; will retry');
      await settle.nak(delayMs);
      observeSettled(durable, msg, 'nak');
    } catch (err) {
      // The broker redelivers after the ack wait when an ack or nak is lost.
      logger.warn({ ...where, err }, 'could not settle message with the broker');
    }
  }
}

/**
 * Runs fan-out handlers one at a time, in delivery order. A failing handler is logged and the next
 * message still runs.
 */
export class OrderedHandlerQueue {
  private readonly queue: BusMessage[] = [];
  private draining: Promise<void> | undefined;
  private stopped = false;
  private progress: (() => void)[] = [];

  constructor(
    private readonly handler: (msg: BusMessage) => void | Promise<void>,
    private readonly logger: Logger,
  ) {}

  push(msg: BusMessage): void {
    if (this.stopped) return;
    this.queue.push(msg);
    this.draining ??= this.drain();
  }

  /** Messages waiting to run (an adapter may pause reading above a bound). */
  backlog(): number {
    return this.queue.length;
  }

  /** Drops what has not started and waits (at most STOP_WAIT_CAP_MS) for the running handler. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    this.notify();
    if (!this.draining) return;
    await settleWithin(this.draining, STOP_WAIT_CAP_MS);
  }

  /** Resolves once at most `n` messages wait (or the queue stopped). */
  async waitBelow(n: number): Promise<void> {
    while (!this.stopped && this.queue.length > n) {
      await new Promise<void>((resolve) => this.progress.push(resolve));
    }
  }

  private async drain(): Promise<void> {
    try {
      await Promise.resolve(); // never run a handler inside the caller's (the broker's) stack
      for (let msg = this.queue.shift(); msg; msg = this.queue.shift()) {
        try {
          await this.handler(msg);
        } catch (err) {
          this.logger.warn(
            { subject: msg.subject, seq: msg.seq, msgId: msg.msgId, err },
            'event subscriber failed',
          );
        }
        this.notify();
        if (this.stopped) return;
      }
    } finally {
      // Cleared in the same step that saw the queue empty: a push right after starts a new drain
      // (clearing it in a later `.finally()` callback left such a message waiting for the next one).
      this.draining = undefined;
    }
  }

  private notify(): void {
    const waiting = this.progress;
    this.progress = [];
    for (const w of waiting) w();
  }
}

/** The subscriptions of one bus, so close() can stop them all; stop() is idempotent. */
export class SubscriptionSet {
  private readonly subs = new Set<Subscription>();

  track(stop: () => Promise<void>): Subscription {
    let stopping: Promise<void> | undefined;
    const sub: Subscription = {
      stop: () => {
        stopping ??= stop().finally(() => this.subs.delete(sub));
        return stopping;
      },
    };
    this.subs.add(sub);
    return sub;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.subs].map((s) => s.stop()));
  }
}
