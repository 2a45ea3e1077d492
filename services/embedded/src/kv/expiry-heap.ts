/** One scheduled expiry: `key` is due at `at` (a reading of the store's clock). */
export interface Deadline {
  at: number;
  key: string;
}

/**
 * A binary min-heap of deadlines, earliest first. Entries are never updated in place: a key whose TTL
 * changes gets a new entry and the old one becomes stale; the owner drops stale entries when it pops
 * them (their `at` no longer matches the key's expiry) and rebuilds the heap when stale entries pile up.
 */
export class ExpiryHeap {
  #items: Deadline[] = [];

  get size(): number {
    return this.#items.length;
  }

  push(deadline: Deadline): void {
    const items = this.#items;
    items.push(deadline);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]!.at <= items[i]!.at) break;
      [items[parent], items[i]] = [items[i]!, items[parent]!];
      i = parent;
    }
  }

  peek(): Deadline | undefined {
    return this.#items[0];
  }

  pop(): Deadline | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    items[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let smallest = i;
      if (l < items.length && items[l]!.at < items[smallest]!.at) smallest = l;
      if (r < items.length && items[r]!.at < items[smallest]!.at) smallest = r;
      if (smallest === i) break;
      [items[smallest], items[i]] = [items[i]!, items[smallest]!];
      i = smallest;
    }
    return top;
  }

  /** Keeps only the deadlines `keep` accepts and restores the heap order (O(n)). */
  rebuild(keep: (deadline: Deadline) => boolean): void {
    const kept = this.#items.filter(keep);
    kept.sort((a, b) => a.at - b.at);
    // A sorted array is a valid min-heap.
    this.#items = kept;
  }

  clear(): void {
    this.#items = [];
  }
}
