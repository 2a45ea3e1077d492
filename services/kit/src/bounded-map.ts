/**
 * A Map that holds at most `limit` entries: setting a new key when it is full first forgets the
 * entry set longest ago (insertion order). A cache that wants "least recently used" reads with
 * `touch(map, key)`, which makes the entry it returns the newest. For the process-local caches of verified
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
}

/**
 * The value of `key` in `map` (undefined when absent), made the newest entry so that a cache which
 * forgets its oldest entries first (a BoundedMap, or one bounded by bytes) forgets it last: "least
 * recently used" instead of "set longest ago".
 */
export function touch<K, V>(map: Map<K, V>, key: K): V | undefined {
  if (!map.has(key)) return undefined;
  const value = map.get(key) as V;
  // a Map keeps insertion order: taking the entry out and putting it back moves it to the end
  map.delete(key);
  map.set(key, value);
  return value;
}
