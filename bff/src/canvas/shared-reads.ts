/**
 * Reads in flight, shared by the requests of one generation (board-cache.ts, composite-cache.ts):
 * however many ask for a key while its read runs, one read is made; a request whose generation is
 * not the running read's (a change came in between) starts its own read instead of joining. A read
 * is forgotten once it settles, so the next request reads again (or hits the cache).
 */
export class SharedReads<T> {
  private readonly running = new Map<string, { promise: Promise<T>; generation: string }>();

  /** The read of `key` running in `generation`, or a new one from `start` that later requests join. */
  join(key: string, generation: string, start: () => Promise<T>): Promise<T> {
    const running = this.running.get(key);
    if (running && running.generation === generation) return running.promise;
    const promise = start();
    this.running.set(key, { promise, generation });
    const forget = () => {
      if (this.running.get(key)?.promise === promise) this.running.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }

  /** Later requests for `key` start their own read (the running one still answers its callers). */
  delete(key: string): void {
    this.running.delete(key);
  }

  /** Later requests for any key start their own read. */
  clear(): void {
    this.running.clear();
  }
}
