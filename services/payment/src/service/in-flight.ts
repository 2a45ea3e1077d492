/**
 * Work on one key at a time within this process, without polling: a call for a key whose work is
 * under way waits for it (at most `waitMs`), then runs its own. The payment service runs every
 * fulfilment through it, so the buyer's save, which races the provider's event after every card
 * payment, waits for the event's fulfilment to finish instead of re-reading the order every 20 ms
 * until that fulfilment's claim is over. Across processes the order's claim still decides.
 */
export class InFlight<T> {
  readonly #running = new Map<string, Promise<T>>();

  /** Runs `work(waitLeftMs)` after the key's running work settled or `waitMs` passed. */
  run(key: string, waitMs: number, work: (waitLeftMs: number) => Promise<T>): Promise<T> {
    const before = this.#running.get(key);
    const started = Date.now();
    const mine = (async () => {
      if (before && waitMs > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          before.catch(() => undefined),
          new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs))),
        ]);
        clearTimeout(timer);
      }
      return work(Math.max(0, waitMs - (Date.now() - started)));
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
