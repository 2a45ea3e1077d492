import { ExpiryHeap } from './expiry-heap.js';
import type { KeyValueStore, SortedSetChanges } from '../port.js';
import { SortedSet } from './sorted-set.js';
import {
  KV_ERRORS,
  addCounter,
  checkBytes,
  checkChanges,
  checkExpectedEntries,
  checkExtendEntries,
  checkIncrement,
  checkKey,
  checkLimit,
  checkOptionalTtl,
  checkScore,
  checkString,
  checkTtl,
  checkValueEntries,
  parseCounter,
} from '../validate.js';

/** Sorted-set changes of a conditional write, with namespaced keys (port.ts, SortedSetChanges). */
interface Changes {
  zadd: { k: string; member: string; score: number }[];
  zrem: { k: string; member: string }[];
}

export interface MemoryKeyValueStoreOptions {
  /** Namespaces every key (kept for parity with the Redis adapter; keys are reported without it). */
  keyPrefix?: string;
  /** Monotonic clock in milliseconds. Defaults to `performance.now()`; tests inject their own. */
  now?: () => number;
  /** Wall clock in milliseconds since the epoch (fractions kept), for fences. Defaults to a microsecond clock. */
  wallClock?: () => number;
  /** How often the (unref'd) sweeper drops expired keys, in ms. Default 1000; 0 turns it off. */
  sweepIntervalMs?: number;
}

type Stored = string | Uint8Array;
interface StringEntry {
  kind: 'string';
  value: Stored;
  /** Clock reading at which the key disappears; null = no expiry. */
  expiresAt: number | null;
}
interface ZSetEntry {
  kind: 'zset';
  zset: SortedSet;
  expiresAt: null;
}
type Entry = StringEntry | ZSetEntry;

/** Heap entries pile up when TTLs change; rebuild once they outnumber live keys by this much. */
const HEAP_SLACK = 1024;

const toText = (v: Stored): string =>
  typeof v === 'string' ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('utf8');

const toBytes = (v: Stored): Uint8Array =>
  typeof v === 'string' ? new Uint8Array(Buffer.from(v, 'utf8')) : new Uint8Array(v);

const holds = (v: Stored, expected: string): boolean =>
  typeof v === 'string' ? v === expected : Buffer.from(expected, 'utf8').equals(v);

/**
 * The embedded key-value store (the default of `npm start`). Same semantics as the Redis adapter:
 * every method runs synchronously inside its promise, so each one is atomic and the multi-key
 * operations are all-or-nothing. An expired key is invisible to every reader at once (each access
 * checks the deadline); an unref'd sweeper drops expired keys so memory does not grow.
 */
export class MemoryKeyValueStore implements KeyValueStore {
  readonly #data = new Map<string, Entry>();
  readonly #heap = new ExpiryHeap();
  readonly #prefix: string;
  readonly #now: () => number;
  readonly #wallClock: () => number;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(opts: MemoryKeyValueStoreOptions = {}) {
    this.#prefix = opts.keyPrefix ?? '';
    this.#now = opts.now ?? (() => performance.now());
    this.#wallClock = opts.wallClock ?? (() => performance.timeOrigin + performance.now());
    const every = opts.sweepIntervalMs ?? 1000;
    if (every > 0) {
      this.#timer = setInterval(() => this.sweep(), every);
      this.#timer.unref();
    }
  }

  /** Keys held in memory, including expired ones the sweeper has not reached yet. */
  get size(): number {
    return this.#data.size;
  }

  /** Expiry deadlines the sweeper tracks (stale ones included until compaction); for diagnostics. */
  get scheduledExpiries(): number {
    return this.#heap.size;
  }

  /** Removes every expired key now; returns how many were removed. */
  sweep(): number {
    const now = this.#now();
    let removed = 0;
    for (let top = this.#heap.peek(); top !== undefined && top.at <= now; top = this.#heap.peek()) {
      this.#heap.pop();
      const entry = this.#data.get(top.key);
      if (entry !== undefined && entry.expiresAt === top.at) {
        this.#data.delete(top.key);
        removed++;
      }
    }
    return removed;
  }

  async get(key: string): Promise<string | null> {
    const e = this.#string(this.#k(key));
    return e ? toText(e.value) : null;
  }

  async mget(keys: string[]): Promise<(string | null)[]> {
    this.#ready();
    if (!Array.isArray(keys)) throw new TypeError('keys must be an array');
    const full = keys.map((k) => this.#k(k));
    return full.map((k) => {
      const e = this.#live(k);
      return e?.kind === 'string' ? toText(e.value) : null;
    });
  }

  async set(key: string, value: string, options?: { ttlMs?: number }): Promise<void> {
    const k = this.#k(key);
    checkString(value);
    this.#put(k, value, checkOptionalTtl(options?.ttlMs));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const k = this.#k(key);
    checkString(value);
    const ttl = checkTtl(ttlMs);
    if (this.#live(k)) return false;
    this.#put(k, value, ttl);
    return true;
  }

  async setAllIfAbsent(entries: { key: string; value: string }[], ttlMs: number): Promise<boolean> {
    this.#ready();
    const list = checkValueEntries(entries).map((e) => ({ ...e, k: this.#k(e.key) }));
    const ttl = checkTtl(ttlMs);
    if (list.some((e) => this.#live(e.k))) return false;
    for (const e of list) this.#put(e.k, e.value, ttl);
    return true;
  }

  async setAllIfAbsentFenced(
    entries: { key: string; value: string }[],
    ttlMs: number,
    fenceKey: string,
    also?: SortedSetChanges,
  ): Promise<number | null> {
    this.#ready();
    const list = checkValueEntries(entries).map((e) => ({ ...e, k: this.#k(e.key) }));
    const ttl = checkTtl(ttlMs);
    const fenceK = this.#k(fenceKey);
    const z = this.#changes(also);
    if (list.some((e) => this.#live(e.k))) return null;
    this.#zsetTypesOk(z);
    const current = this.#string(fenceK);
    const last = current ? Number(toText(current.value)) : 0;
    const clock = Math.floor(this.#wallClock() * 1000);
    const fence = Math.max((Number.isFinite(last) ? last : 0) + 1, clock);
    this.#put(fenceK, String(fence), undefined);
    for (const e of list) this.#put(e.k, e.value, ttl);
    this.#applyChanges(z);
    return fence;
  }

  async compareAndDelete(key: string, expected: string): Promise<boolean> {
    return this.compareAndDeleteAll([{ key, expected }]);
  }

  async compareAndDeleteAll(
    entries: { key: string; expected: string }[],
    also?: SortedSetChanges,
  ): Promise<boolean> {
    this.#ready();
    const list = checkExpectedEntries(entries).map((e) => ({ ...e, k: this.#k(e.key) }));
    const z = this.#changes(also);
    if (!list.every((e) => this.#holds(e.k, e.expected))) return false;
    this.#zsetTypesOk(z);
    for (const e of list) this.#data.delete(e.k);
    this.#applyChanges(z);
    return true;
  }

  async compareAndExtend(key: string, expected: string, ttlMs: number, newValue?: string): Promise<boolean> {
    return this.compareAndExtendAll([{ key, expected, newValue }], ttlMs);
  }

  async compareAndExtendAll(
    entries: { key: string; expected: string; newValue?: string }[],
    ttlMs: number,
    also?: SortedSetChanges,
  ): Promise<boolean> {
    this.#ready();
    const list = checkExtendEntries(entries).map((e) => ({ ...e, k: this.#k(e.key) }));
    const ttl = checkTtl(ttlMs);
    const z = this.#changes(also);
    if (!list.every((e) => this.#holds(e.k, e.expected))) return false;
    this.#zsetTypesOk(z);
    for (const e of list) {
      const entry = this.#data.get(e.k) as StringEntry;
      this.#put(e.k, e.newValue ?? entry.value, ttl);
    }
    this.#applyChanges(z);
    return true;
  }

  async incr(key: string, options?: { by?: number; ttlMs?: number }): Promise<number> {
    const k = this.#k(key);
    const by = checkIncrement(options?.by);
    const ttl = checkOptionalTtl(options?.ttlMs);
    const e = this.#live(k);
    if (e?.kind === 'zset') throw new Error(KV_ERRORS.wrongType);
    const next = addCounter(e ? parseCounter(toText(e.value)) : 0, by);
    if (e) {
      e.value = String(next);
      // The window is fixed when the counter is created: a later incr never moves the deadline.
      if (ttl !== undefined && e.expiresAt === null) this.#expire(k, e, ttl);
    } else {
      this.#put(k, String(next), ttl);
    }
    return next;
  }

  async ttl(key: string): Promise<number | null> {
    const e = this.#live(this.#k(key));
    if (!e) return null;
    if (e.expiresAt === null) return -1;
    return Math.max(1, Math.ceil(e.expiresAt - this.#now()));
  }

  async del(key: string): Promise<boolean> {
    const k = this.#k(key);
    const existed = this.#live(k) !== undefined;
    this.#data.delete(k);
    return existed;
  }

  async scan(prefix: string): Promise<{ key: string; value: string }[]> {
    this.#ready();
    const full = this.#prefix + checkString(prefix, 'prefix');
    const out: { key: string; value: string }[] = [];
    for (const k of [...this.#data.keys()]) {
      if (!k.startsWith(full)) continue;
      const e = this.#live(k);
      if (e?.kind === 'string') out.push({ key: k.slice(this.#prefix.length), value: toText(e.value) });
    }
    return out;
  }

  async getBytes(key: string): Promise<Uint8Array | null> {
    const e = this.#string(this.#k(key));
    return e ? toBytes(e.value) : null;
  }

  async setBytes(key: string, value: Uint8Array, options?: { ttlMs?: number }): Promise<void> {
    const k = this.#k(key);
    const copy = new Uint8Array(checkBytes(value));
    this.#put(k, copy, checkOptionalTtl(options?.ttlMs));
  }

  async zadd(key: string, member: string, score: number): Promise<void> {
    const k = this.#k(key);
    checkString(member, 'member');
    checkScore(score);
    let e = this.#live(k);
    if (e?.kind === 'string') throw new Error(KV_ERRORS.wrongType);
    if (!e) {
      e = { kind: 'zset', zset: new SortedSet(), expiresAt: null };
      this.#data.set(k, e);
    }
    e.zset.add(member, score);
  }

  async zrangeByScore(
    key: string,
    min: number,
    max: number,
    limit?: number,
  ): Promise<{ member: string; score: number }[]> {
    const k = this.#k(key);
    checkScore(min, 'min');
    checkScore(max, 'max');
    const n = checkLimit(limit);
    const e = this.#live(k);
    if (!e) return [];
    if (e.kind !== 'zset') throw new Error(KV_ERRORS.wrongType);
    return e.zset.rangeByScore(min, max, n);
  }

  async zrem(key: string, member: string): Promise<boolean> {
    const k = this.#k(key);
    checkString(member, 'member');
    const e = this.#live(k);
    if (!e) return false;
    if (e.kind !== 'zset') throw new Error(KV_ERRORS.wrongType);
    const removed = e.zset.remove(member);
    // Like Redis, an empty sorted set is no key at all.
    if (e.zset.size === 0) this.#data.delete(k);
    return removed;
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#data.clear();
    this.#heap.clear();
  }

  #ready(): void {
    if (this.#closed) throw new Error(KV_ERRORS.closed);
  }

  /** Checked sorted-set changes with namespaced keys. */
  #changes(also: SortedSetChanges | undefined): Changes {
    const { zadd, zrem } = checkChanges(also);
    return {
      zadd: zadd.map((z) => ({ ...z, k: this.#k(z.key) })),
      zrem: zrem.map((z) => ({ ...z, k: this.#k(z.key) })),
    };
  }

  /** Refuses (before anything changed) when a key of the changes holds a string, as the Lua does. */
  #zsetTypesOk(z: Changes): void {
    for (const c of [...z.zadd, ...z.zrem])
      if (this.#live(c.k)?.kind === 'string') throw new Error(KV_ERRORS.wrongType);
  }

  #applyChanges(z: Changes): void {
    for (const c of z.zadd) {
      let e = this.#live(c.k);
      if (!e) {
        e = { kind: 'zset', zset: new SortedSet(), expiresAt: null };
        this.#data.set(c.k, e);
      }
      if (e.kind === 'zset') e.zset.add(c.member, c.score);
    }
    for (const c of z.zrem) {
      const e = this.#live(c.k);
      if (e?.kind !== 'zset') continue;
      e.zset.remove(c.member);
      if (e.zset.size === 0) this.#data.delete(c.k);
    }
  }

  /** Checks the store is open and the key valid; returns the namespaced key. */
  #k(key: unknown): string {
    this.#ready();
    return this.#prefix + checkKey(key);
  }

  /** The entry, or undefined when missing or expired (an expired entry is dropped on the spot). */
  #live(k: string): Entry | undefined {
    const e = this.#data.get(k);
    if (e === undefined) return undefined;
    if (e.expiresAt !== null && this.#now() >= e.expiresAt) {
      this.#data.delete(k);
      return undefined;
    }
    return e;
  }

  /** A live string entry; a sorted set under the key is a WRONGTYPE error, as in Redis. */
  #string(k: string): StringEntry | undefined {
    const e = this.#live(k);
    if (e?.kind === 'zset') throw new Error(KV_ERRORS.wrongType);
    return e;
  }

  #holds(k: string, expected: string): boolean {
    const e = this.#string(k);
    return e !== undefined && holds(e.value, expected);
  }

  /** SET semantics: replaces whatever is there (any type) and sets or clears the expiry. */
  #put(k: string, value: Stored, ttl: number | undefined): void {
    const e: StringEntry = { kind: 'string', value, expiresAt: null };
    this.#data.set(k, e);
    if (ttl !== undefined) this.#expire(k, e, ttl);
  }

  #expire(k: string, e: StringEntry, ttl: number): void {
    e.expiresAt = this.#now() + ttl;
    this.#heap.push({ at: e.expiresAt, key: k });
    if (this.#heap.size > HEAP_SLACK + 2 * this.#data.size) {
      this.#heap.rebuild((d) => this.#data.get(d.key)?.expiresAt === d.at);
    }
  }
}
