/**
 * The publishing side shared by the adapters that talk to a server (the embedded broker process,
 * NATS): publishes are queued in call order and sent in batches, one batch in flight at a time.
 * A publish made while nothing is in flight leaves at the end of the current tick with whatever
 * else was published in that tick; publishes made while a batch is in flight leave together once
 * it is settled. So a busy process sends one call per tick instead of one per event, an idle one
 * adds no delay beyond the tick, and the messages of one process reach the stream in the order
 * they were published (a batch that fails transiently is retried whole by the adapter, before the
 * next one; publish ids make the copies it had already stored duplicates).
 *
 * Each publish still resolves with its own result (sequence, duplicate) or rejects with its own
 * error: a message refused alone (bad argument, permission) does not fail the others of its batch.
 */
import type { PublishOptions, PublishResult } from './port.js';
import { BusError } from './subjects.js';

export interface QueuedMessage {
  subject: string;
  data: Uint8Array;
  options: PublishOptions;
}

/**
 * Sends one batch: resolves with one outcome per message in order (its result, or the error that
 * refused it alone); rejects when the whole batch failed (every message of it is rejected with it).
 */
export type SendBatch = (batch: QueuedMessage[]) => Promise<(PublishResult | Error)[]>;

export interface PublishQueueOptions {
  /** Most messages per batch (default 256). */
  maxMessages?: number;
  /** Most payload bytes per batch; a larger single message goes alone (default 1 MiB). */
  maxBytes?: number;
}

interface Pending extends QueuedMessage {
  resolve: (r: PublishResult) => void;
  reject: (e: unknown) => void;
}

export class PublishQueue {
  private readonly queue: Pending[] = [];
  private readonly maxMessages: number;
  private readonly maxBytes: number;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly send: SendBatch,
    opts: PublishQueueOptions = {},
  ) {
    this.maxMessages = opts.maxMessages ?? 256;
    this.maxBytes = opts.maxBytes ?? 1024 * 1024;
  }

  /** Queues a message (already validated by the caller) and resolves once it is stored. */
  publish(subject: string, data: Uint8Array, options: PublishOptions): Promise<PublishResult> {
    if (this.closed) return Promise.reject(new BusError('the bus is closed'));
    return new Promise<PublishResult>((resolve, reject) => {
      this.queue.push({ subject, data, options, resolve, reject });
      this.running ??= this.drain();
    });
  }

  /** Messages waiting to be sent (not counting the batch in flight). */
  pending(): number {
    return this.queue.length;
  }

  /** Stops accepting publishes; resolves once everything queued before has been settled. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running;
  }

  private async drain(): Promise<void> {
    // let the rest of this tick publish too: they leave in the same batch
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      while (this.queue.length > 0) {
        const batch = this.take();
        let outcomes: (PublishResult | Error)[];
        try {
          outcomes = await this.send(batch);
          if (outcomes.length !== batch.length)
            throw new BusError(`publish batch answered ${outcomes.length} results for ${batch.length}`);
        } catch (err) {
          for (const m of batch) m.reject(err);
          continue;
        }
        batch.forEach((m, i) => {
          const o = outcomes[i]!;
          if (o instanceof Error) m.reject(o);
          else m.resolve(o);
        });
      }
    } finally {
      this.running = null;
    }
  }

  /** The next batch off the queue: at least one message, within the count and byte limits. */
  private take(): Pending[] {
    let n = 0;
    let bytes = 0;
    while (n < this.queue.length && n < this.maxMessages) {
      const size = this.queue[n]!.data.byteLength;
      if (n > 0 && bytes + size > this.maxBytes) break;
      bytes += size;
      n++;
    }
    return this.queue.splice(0, n);
  }
}

/** A thrown value as an Error (a batch outcome must be an Error to count as a refusal). */
export function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}
