/** A FIFO that an async consumer awaits (the broker server's per-stream outbox). */
export class AsyncQueue<T> {
  private readonly items: T[] = [];
  private head = 0;
  private waiter: (() => void) | undefined;

  push(item: T): void {
    this.items.push(item);
    const w = this.waiter;
    this.waiter = undefined;
    w?.();
  }

  size(): number {
    return this.items.length - this.head;
  }

  /** The next item, waiting for one; undefined once `signal` aborts. */
  async shift(signal: AbortSignal): Promise<T | undefined> {
    while (this.size() === 0) {
      if (signal.aborted) return undefined;
      await new Promise<void>((resolve) => {
        const done = () => {
          signal.removeEventListener('abort', done);
          this.waiter = undefined;
          resolve();
        };
        this.waiter = done;
        signal.addEventListener('abort', done);
      });
    }
    if (signal.aborted) return undefined;
    const item = this.items[this.head++]!;
    this.compact();
    return item;
  }

  /** The next item, waiting for one, and up to `max - 1` more already waiting; undefined once `signal` aborts. */
  async shiftMany(signal: AbortSignal, max: number): Promise<T[] | undefined> {
    const first = await this.shift(signal);
    if (first === undefined) return undefined;
    const n = Math.min(max - 1, this.size());
    const items = [first, ...this.items.slice(this.head, this.head + n)];
    this.head += n;
    this.compact();
    return items;
  }

  private compact(): void {
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items.splice(0, this.head);
      this.head = 0;
    }
  }
}
