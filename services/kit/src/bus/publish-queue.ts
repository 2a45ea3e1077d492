/**
 * The publishing side shared by the adapters that talk to a server (the embedded broker process,
 * NATS): publishes are queued in call order and sent in batches per tick, one batch in flight at a
 * time (tick-batches.ts). So a busy process sends one call per tick instead of one per event, an
 * idle one adds no delay beyond the tick, and the messages of one process reach the stream in the
 * order they were published (a batch that fails transiently is retried whole by the adapter, before
 * the next one; publish ids make the copies it had already stored duplicates).
 *
 * Each publish still resolves with its own result (sequence, duplicate) or rejects with its own
 * error: a message refused alone (bad argument, permission) does not fail the others of its batch.
 */
import type { PublishOptions, PublishResult } from './port.js';
import { TickBatches, type SendBatch as SendItems } from './tick-batches.js';

export interface QueuedMessage {
  subject: string;
  data: Uint8Array;
  options: PublishOptions;
}

/**
 * Sends one batch: resolves with one outcome per message in order (its result, or the error that
 * refused it alone); rejects when the whole batch failed (every message of it is rejected with it).
 */
export type SendBatch = SendItems<QueuedMessage, PublishResult>;

export interface PublishQueueOptions {
  /** Most messages per batch (default 256). */
  maxMessages?: number;
  /** Most payload bytes per batch; a larger single message goes alone (default 1 MiB). */
  maxBytes?: number;
}

export class PublishQueue {
  private readonly batches: TickBatches<QueuedMessage, PublishResult>;

  constructor(send: SendBatch, opts: PublishQueueOptions = {}) {
    const maxMessages = opts.maxMessages ?? 256;
    const maxBytes = opts.maxBytes ?? 1024 * 1024;
    // the next batch: at least one message, within the count and byte limits
    this.batches = new TickBatches(send, (waiting, item) => {
      let n = 0;
      let bytes = 0;
      while (n < waiting && n < maxMessages) {
        const size = item(n).data.byteLength;
        if (n > 0 && bytes + size > maxBytes) break;
        bytes += size;
        n++;
      }
      return n;
    });
  }

  /** Queues a message (already validated by the caller) and resolves once it is stored. */
  publish(subject: string, data: Uint8Array, options: PublishOptions): Promise<PublishResult> {
    return this.batches.add({ subject, data, options });
  }

  /** Messages waiting to be sent (not counting the batch in flight). */
  pending(): number {
    return this.batches.pending();
  }

  /** Stops accepting publishes; resolves once everything queued before has been settled. */
  close(): Promise<void> {
    return this.batches.close();
  }
}

/** A thrown value as an Error (a batch outcome must be an Error to count as a refusal). */
export function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}
