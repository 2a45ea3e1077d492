/**
 * Group commit per board. The purchase steps (reserve, commit, release) of one board wait in one
 * queue, and one writer per board at a time reads the document once, applies every waiting step in
 * arrival order (each a pure function of the state the step before it left, domain/board.ts) and
 * stores the result with ONE conditional replace on the version it read. While that write is under
 * way, new steps queue up for the next one. A lost race (another replica wrote the board meanwhile)
 * re-reads and recomputes the whole batch, so the store still serialises every change: a pixel can
 * only be sold by a write that matches the version whose owners it checked. Nothing is answered
 * before the write that holds it succeeded, so a process killed mid-batch loses no acknowledged step.
 *
 * Each caller gets its own result and the board as it stood right after its own step (its version
 * included); a step that throws fails alone and leaves the board as the step before it did.
 */
import { appError, backoffDelayMs, sleepUnlessAborted, type Backoff } from '@tessera/kit';
import type { BoardDoc } from '../domain/board.js';

/** A pure change of a board: the next state (null or the same object: unchanged) and a result. */
export type Step<R> = (doc: BoardDoc) => { next: BoardDoc | null; result: R };

export interface BoardWriterStore {
  /** The board as stored now (throws when it does not exist). */
  read(canvasIndex: number, boardIndex: number): Promise<BoardDoc>;
  /** Stores `next` only if the stored board still has `expectedVersion`; false when it changed. */
  write(next: BoardDoc, expectedVersion: number): Promise<boolean>;
  /** Called after each successful write (summaries). */
  written?(doc: BoardDoc): void;
}

export interface BoardWriterOptions {
  /** Steps applied by one write at most (default 64). */
  maxBatch?: number;
  /** Conditional writes tried per batch before it is refused as busy (default 200). */
  maxAttempts?: number;
  /** Random numbers in [0, 1) for the jitter of the waits after lost races (default Math.random). */
  random?: () => number;
}

/**
 * A lost race is retried at once this many times: under contention between replicas the next read
 * usually wins. Past that, each retry first waits a jittered, doubling delay (the kit's backoff), so
 * writers that keep colliding spread out instead of colliding again in step.
 */
const RETRIES_BEFORE_WAITING = 5;
const CONFLICT_BACKOFF: Backoff = { initialMs: 2, maxMs: 50 };

interface Waiter {
  step: Step<unknown>;
  resolve: (v: { doc: BoardDoc; result: unknown }) => void;
  reject: (err: unknown) => void;
}

type Outcome = { ok: true; doc: BoardDoc; result: unknown } | { ok: false; err: unknown };

export class BoardWriter {
  readonly #queues = new Map<string, Waiter[]>();
  readonly #maxBatch: number;
  readonly #maxAttempts: number;
  readonly #random: () => number;
  /** Writes done and steps they held, for tests and figures. */
  readonly stats = { writes: 0, steps: 0, conflicts: 0 };

  constructor(
    private readonly store: BoardWriterStore,
    opts: BoardWriterOptions = {},
  ) {
    this.#maxBatch = opts.maxBatch ?? 64;
    this.#maxAttempts = opts.maxAttempts ?? 200;
    this.#random = opts.random ?? Math.random;
  }

  /** Applies `step` to the board in the next write of that board. */
  apply<R>(canvasIndex: number, boardIndex: number, step: Step<R>): Promise<{ doc: BoardDoc; result: R }> {
    const key = `${canvasIndex}:${boardIndex}`;
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        step,
        resolve: resolve as (v: { doc: BoardDoc; result: unknown }) => void,
        reject,
      };
      const queue = this.#queues.get(key);
      if (queue) {
        queue.push(waiter);
        return;
      }
      this.#queues.set(key, [waiter]);
      void this.#drain(key, canvasIndex, boardIndex);
    });
  }

  async #drain(key: string, canvasIndex: number, boardIndex: number): Promise<void> {
    const queue = this.#queues.get(key)!;
    try {
      while (queue.length > 0) await this.#run(canvasIndex, boardIndex, queue.splice(0, this.#maxBatch));
    } finally {
      // synchronous after the last batch settled: a step queued from now on starts a new writer
      this.#queues.delete(key);
    }
  }

  /** Settles every waiter of the batch; never throws. */
  async #run(canvasIndex: number, boardIndex: number, batch: Waiter[]): Promise<void> {
    const fail = (err: unknown) => {
      for (const w of batch) w.reject(err);
    };
    for (let attempt = 0; attempt < this.#maxAttempts; attempt++) {
      let doc: BoardDoc;
      try {
        doc = await this.store.read(canvasIndex, boardIndex);
      } catch (err) {
        return fail(err);
      }
      let cur = doc;
      const outcomes: Outcome[] = batch.map((w) => {
        try {
          const { next, result } = w.step(cur);
          if (next && next !== cur) cur = next;
          return { ok: true, doc: cur, result };
        } catch (err) {
          return { ok: false, err };
        }
      });
      if (cur !== doc) {
        let written: boolean;
        try {
          written = await this.store.write(cur, doc.version);
        } catch (err) {
          return fail(err);
        }
        if (!written) {
          this.stats.conflicts++;
          const last = attempt + 1 === this.#maxAttempts;
          if (attempt >= RETRIES_BEFORE_WAITING && !last)
            await sleepUnlessAborted(
              backoffDelayMs(attempt - RETRIES_BEFORE_WAITING, CONFLICT_BACKOFF, this.#random),
            );
          continue;
        }
        this.stats.writes++;
        this.stats.steps += batch.length;
        this.store.written?.(cur);
      }
      batch.forEach((w, i) => {
        const o = outcomes[i]!;
        if (o.ok) w.resolve({ doc: o.doc, result: o.result });
        else w.reject(o.err);
      });
      return;
    }
    fail(appError('SERVICE_UNAVAILABLE', 'The board is busy; please try again'));
  }
}
