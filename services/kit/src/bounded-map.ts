/**
 * A Map that holds at most `limit` entries: setting a new key when it is full first forgets the
 * entry set longest ago (insertion order). A cache that wants "least recently used" reads with
 * `touch`, which makes the entry it returns the newest. For the process-local caches of verified
 * tokens and recent reads.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(readonly limit: number) {
    super();
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  }

  override set(key: K, value: V): this {
    if (this.size >= this.limit && !this.has(key)) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }

  /** The value of `key` (undefined when absent), made the newest entry so that it is forgotten last. */
  touch(key: K): V | undefined {
    if (!this.has(key)) return undefined;
    const value = this.get(key) as V;
    // a Map keeps insertion order: taking the entry out and putting it back moves it to the end
    this.delete(key);
    super.set(key, value);
    return value;
  }
}
