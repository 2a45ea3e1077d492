/**
 * The key-value port: what locks, rate limits and caches need, with the same TTL and atomicity
 * semantics in both adapters (embedded in-process store, Redis via `redis`). Every operation is
 * atomic on its own; the multi-key operations are all-or-nothing (Lua on Redis).
 * TTLs are milliseconds. An expired key is invisible to every reader at once.
 */
/**
 * Sorted-set changes made in the same atomic step as a successful conditional write (and not at all
 * when it is refused): e.g. a lock's expiry schedule moves with the lock, in one round trip. A key
 * that holds something other than a sorted set refuses the whole step with WRONGTYPE, changing nothing.
 */
export interface SortedSetChanges {
  zadd?: { key: string; member: string; score: number }[];
  zrem?: { key: string; member: string }[];
}

export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  /** Values of several keys, null where missing or expired. */
  mget(keys: string[]): Promise<(string | null)[]>;
  set(key: string, value: string, options?: { ttlMs?: number }): Promise<void>;
  /** SET NX PX: true when the key was absent and is now set. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /**
   * Sets every key only when all of them are absent (one lock per board and per user in one step).
   * True when set.
   */
  setAllIfAbsent(entries: { key: string; value: string }[], ttlMs: number): Promise<boolean>;
  /**
   * Fenced acquisition, all-or-nothing in one atomic step: when every key of `entries` is absent,
   * sets them (TTL `ttlMs`), sets `fenceKey` (no expiry) to `max(its number + 1, the store's clock in
   * microseconds)` and returns that number; null when any key was present (nothing changes).
   * The fence grows with every success on the same `fenceKey`, and the clock term keeps it growing
   * even when the store restarts empty (Redis `TIME`; the embedded store's wall clock). Exact below
   * 2^53, i.e. until the year 2255.
   */
  setAllIfAbsentFenced(
    entries: { key: string; value: string }[],
    ttlMs: number,
    fenceKey: string,
    also?: SortedSetChanges,
  ): Promise<number | null>;
  /** Deletes the key only when it holds `expected`. True when deleted. */
  compareAndDelete(key: string, expected: string): Promise<boolean>;
  /** Deletes every key only when each holds its expected value (then also applies `also`). True when deleted. */
  compareAndDeleteAll(
    entries: { key: string; expected: string }[],
    also?: SortedSetChanges,
  ): Promise<boolean>;
  /** Sets a new TTL (and optionally a new value) only when the key holds `expected`. True when done. */
  compareAndExtend(key: string, expected: string, ttlMs: number, newValue?: string): Promise<boolean>;
  /** compareAndExtend over several keys, all-or-nothing (then also applies `also`). */
  compareAndExtendAll(
    entries: { key: string; expected: string; newValue?: string }[],
    ttlMs: number,
    also?: SortedSetChanges,
  ): Promise<boolean>;
  /** INCRBY; the TTL is set when the counter is created and kept afterwards (fixed windows). */
  incr(key: string, options?: { by?: number; ttlMs?: number }): Promise<number>;
  /** Remaining TTL in ms; null when the key is missing, -1 when it has no expiry. */
  ttl(key: string): Promise<number | null>;
  del(key: string): Promise<boolean>;
  /** Every live key with this prefix and its value (SCAN MATCH prefix*). Order unspecified. */
  scan(prefix: string): Promise<{ key: string; value: string }[]>;
  /** Binary values (caches), with an optional TTL. */
  getBytes(key: string): Promise<Uint8Array | null>;
  setBytes(key: string, value: Uint8Array, options?: { ttlMs?: number }): Promise<void>;
  /** Sorted sets (expiry schedules): add or update a member's score. */
  zadd(key: string, member: string, score: number): Promise<void>;
  /** Members with min <= score <= max, lowest first, at most `limit`. */
  zrangeByScore(
    key: string,
    min: number,
    max: number,
    limit?: number,
  ): Promise<{ member: string; score: number }[]>;
  /** True when the member was removed. */
  zrem(key: string, member: string): Promise<boolean>;
  close(): Promise<void>;
}
