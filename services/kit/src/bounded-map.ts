/**
 * A Map that holds at most `limit` entries: setting a new key when it is full first forgets the
 * entry set longest ago (insertion order; a caller that wants "least recently used" deletes and sets
 * a key again when it uses it). For the process-local caches of verified tokens and recent reads.
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
}
