/**
 * Work on one key at a time within this process, without polling: a call for a key whose work is
 * under way waits for it (at most `waitMs`), then runs its own. The payment service runs every
 * fulfilment through it, so the buyer's save, which races the provider's event after every card
 * payment, waits for the event's fulfilment to finish instead of re-reading the order every 20 ms
 * until that fulfilment's claim is over. Across processes the order's claim still decides.
 */
import { settleWithin } from '@tessera/kit';

export class InFlight<T> {
  readonly #running = new Map<string, Promise<T>>();

  /** `now`: the service's clock (ms), which also times the orders' claims. */
  constructor(private readonly now: () => number = Date.now) {}

  /** Runs `work(waitLeftMs)` after the key's running work settled or `waitMs` passed. */
  run(key: string, waitMs: number, work: (waitLeftMs: number) => Promise<T>): Promise<T> {
    const before = this.#running.get(key);
    const started = this.now();
    const mine = (async () => {
      if (before && waitMs > 0) await settleWithin(before, waitMs);
      return work(Math.max(0, waitMs - (this.now() - started)));
    })();
    this.#running.set(key, mine);
    void mine
      .finally(() => {
        if (this.#running.get(key) === mine) this.#running.delete(key);
      })
      .catch(() => undefined);
    return mine;
  }

  /** True when work of `key` is under way. */
  has(key: string): boolean {
    return this.#running.has(key);
  }

  /** Keys with work under way (tests). */
  get size(): number {
    return this.#running.size;
  }
}
