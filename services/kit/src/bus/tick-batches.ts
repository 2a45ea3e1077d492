/**
 * Calls to a server batched per tick, one batch in flight at a time: an item added while nothing is
 * in flight leaves at the end of the current tick with whatever else was added in that tick; items
 * added while a batch is in flight leave together once it is settled. So a busy process makes one
 * call per tick instead of one per item, an idle one adds no delay beyond the tick, and the items
 * reach the server in the order they were added (a batch that fails transiently is retried whole by
 * the sender, before the next one).
 *
 * Each item still resolves with its own outcome or rejects with its own error: an item refused alone
 * does not fail the others of its batch. The bus adapters use it for publishes (publish-queue.ts) and
 * for a durable consumer's acks (the embedded broker's remote adapter).
 */
import { BusError } from './subjects.js';

/**
 * Sends one batch: resolves with one outcome per item in order (its result, or the error that
 * refused it alone); rejects when the whole batch failed (every item of it is rejected with it).
 */
export type SendBatch<I, O> = (batch: I[]) => Promise<(O | Error)[]>;

interface Pending<I, O> {
  item: I;
  resolve: (r: O) => void;
  reject: (e: unknown) => void;
}

export class TickBatches<I, O> {
  private readonly queue: Pending<I, O>[] = [];
  private running: Promise<void> | null = null;
  private closed = false;

  /**
   * @param take how many of the `waiting` items (`item(i)`, i < waiting) the next batch takes (it
   *   always takes at least one; the default takes up to 256).
   */
  constructor(
    private readonly send: SendBatch<I, O>,
    private readonly take: (waiting: number, item: (i: number) => I) => number = (waiting) =>
      Math.min(256, waiting),
  ) {}

  /** Queues an item and resolves with its outcome once its batch is settled. */
  add(item: I): Promise<O> {
    if (this.closed) return Promise.reject(new BusError('the bus is closed'));
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.running ??= this.drain();
    });
  }

  /** Items waiting to be sent (not counting the batch in flight). */
  pending(): number {
    return this.queue.length;
  }

  /** Stops accepting items; resolves once everything queued before has been settled. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running;
  }

  private async drain(): Promise<void> {
    // let the rest of this tick add theirs too: they leave in the same batch
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      while (this.queue.length > 0) {
        const wanted = this.take(this.queue.length, (i) => this.queue[i]!.item);
        const n = Math.max(1, Math.min(this.queue.length, wanted));
        const batch = this.queue.splice(0, n);
        let outcomes: (O | Error)[];
        try {
          outcomes = await this.send(batch.map((p) => p.item));
          if (outcomes.length !== batch.length)
            throw new BusError(`a batch of ${batch.length} was answered with ${outcomes.length} results`);
        } catch (err) {
          for (const p of batch) p.reject(err);
          continue;
        }
        batch.forEach((p, i) => {
          const o = outcomes[i]!;
          if (o instanceof Error) p.reject(o);
          else p.resolve(o);
        });
      }
    } finally {
      this.running = null;
    }
  }
}
