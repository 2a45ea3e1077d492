import {
  CheckedKeyValueStore,
  type ExpectedEntry,
  type ExtendEntry,
  type NamespacedChanges,
  type ValueEntry,
  addCounter,
  parseCounter,
} from '@tessera/kit/adapters';
import { KV_ERRORS } from '@tessera/kit';
import { ExpiryHeap } from './expiry-heap.js';
import { SortedSet } from './sorted-set.js';

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
export class MemoryKeyValueStore extends CheckedKeyValueStore {
  readonly #data = new Map<string, Entry>();
  readonly #heap = new ExpiryHeap();
  readonly #now: () => number;
  readonly #wallClock: () => number;
  #timer: NodeJS.Timeout | undefined;

  constructor(opts: MemoryKeyValueStoreOptions = {}) {
    super(opts.keyPrefix ?? '');
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

  protected async getChecked(k: string): Promise<string | null> {
    const e = this.#string(k);
    return e ? toText(e.value) : null;
  }

  protected async mgetChecked(ks: string[]): Promise<(string | null)[]> {
    return ks.map((k) => {
      const e = this.#live(k);
      return e?.kind === 'string' ? toText(e.value) : null;
    });
  }

  protected async setChecked(k: string, value: string, ttl: number | undefined): Promise<void> {
    this.#put(k, value, ttl);
  }

  protected async setIfAbsentChecked(k: string, value: string, ttl: number): Promise<boolean> {
    if (this.#live(k)) return false;
    this.#put(k, value, ttl);
    return true;
  }

  protected async setAllIfAbsentChecked(list: ValueEntry[], ttl: number): Promise<boolean> {
    if (list.some((e) => this.#live(e.k))) return false;
    for (const e of list) this.#put(e.k, e.value, ttl);
    return true;
  }

  protected async setAllIfAbsentFencedChecked(
    list: ValueEntry[],
    ttl: number,
    fenceK: string,
    z: NamespacedChanges,
  ): Promise<number | null> {
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

  protected async compareAndDeleteAllChecked(list: ExpectedEntry[], z: NamespacedChanges): Promise<boolean> {
    if (!list.every((e) => this.#holds(e.k, e.expected))) return false;
    this.#zsetTypesOk(z);
    for (const e of list) this.#data.delete(e.k);
    this.#applyChanges(z);
    return true;
  }

  protected async compareAndExtendAllChecked(
    list: ExtendEntry[],
    ttl: number,
    z: NamespacedChanges,
  ): Promise<boolean> {
    if (!list.every((e) => this.#holds(e.k, e.expected))) return false;
    this.#zsetTypesOk(z);
    for (const e of list) {
      const entry = this.#data.get(e.k) as StringEntry;
      this.#put(e.k, e.newValue ?? entry.value, ttl);
    }
    this.#applyChanges(z);
    return true;
  }

  protected async incrChecked(k: string, by: number, ttl: number | undefined): Promise<number> {
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

  protected async ttlChecked(k: string): Promise<number | null> {
    const e = this.#live(k);
    if (!e) return null;
    if (e.expiresAt === null) return -1;
    return Math.max(1, Math.ceil(e.expiresAt - this.#now()));
  }

  protected async delChecked(k: string): Promise<boolean> {
    const existed = this.#live(k) !== undefined;
    this.#data.delete(k);
    return existed;
  }

  protected async scanChecked(full: string): Promise<{ key: string; value: string }[]> {
    const out: { key: string; value: string }[] = [];
    for (const k of [...this.#data.keys()]) {
      if (!k.startsWith(full)) continue;
      const e = this.#live(k);
      if (e?.kind === 'string') out.push({ key: k.slice(this.keyPrefix.length), value: toText(e.value) });
    }
    return out;
  }

  protected async getBytesChecked(k: string): Promise<Uint8Array | null> {
    const e = this.#string(k);
    return e ? toBytes(e.value) : null;
  }

  protected async setBytesChecked(k: string, value: Uint8Array, ttl: number | undefined): Promise<void> {
    this.#put(k, new Uint8Array(value), ttl);
  }

  protected async zaddChecked(k: string, member: string, score: number): Promise<void> {
    let e = this.#live(k);
    if (e?.kind === 'string') throw new Error(KV_ERRORS.wrongType);
    if (!e) {
      e = { kind: 'zset', zset: new SortedSet(), expiresAt: null };
      this.#data.set(k, e);
    }
    e.zset.add(member, score);
  }

  protected async zrangeByScoreChecked(
    k: string,
    min: number,
    max: number,
    limit: number | undefined,
  ): Promise<{ member: string; score: number }[]> {
    const e = this.#live(k);
    if (!e) return [];
    if (e.kind !== 'zset') throw new Error(KV_ERRORS.wrongType);
    return e.zset.rangeByScore(min, max, limit);
  }

  protected async zremChecked(k: string, member: string): Promise<boolean> {
    const e = this.#live(k);
    if (!e) return false;
    if (e.kind !== 'zset') throw new Error(KV_ERRORS.wrongType);
    const removed = e.zset.remove(member);
    // Like Redis, an empty sorted set is no key at all.
    if (e.zset.size === 0) this.#data.delete(k);
    return removed;
  }

  protected async closeOnce(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#data.clear();
    this.#heap.clear();
  }

  /** Refuses (before anything changed) when a key of the changes holds a string, as the Lua does. */
  #zsetTypesOk(z: NamespacedChanges): void {
    for (const c of [...z.zadd, ...z.zrem])
      if (this.#live(c.k)?.kind === 'string') throw new Error(KV_ERRORS.wrongType);
  }

  #applyChanges(z: NamespacedChanges): void {
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

/** The in-process store (what `npm start` uses when REDIS_URL is unset). */
export function createMemoryKeyValueStore(opts: MemoryKeyValueStoreOptions = {}): MemoryKeyValueStore {
  return new MemoryKeyValueStore(opts);
}
