/**
 * What both key-value adapters do the same way before their own work: a closed store refuses every
 * call, every argument is checked (validate.ts) and every key is namespaced with the store's prefix.
 * An adapter extends CheckedKeyValueStore and implements the `…Checked` methods, which see only
 * checked arguments and namespaced keys (`k`), and `closeOnce`.
 */
import type { KeyValueStore, SortedSetChanges } from './port.js';
import {
  KV_ERRORS,
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
} from './validate.js';

/** An entry of a multi-key call with its namespaced key `k`. */
export type Namespaced<T extends { key: string }> = T & { k: string };

/** Checked sorted-set changes with namespaced keys (port.ts, SortedSetChanges). */
export interface NamespacedChanges {
  zadd: Namespaced<{ key: string; member: string; score: number }>[];
  zrem: Namespaced<{ key: string; member: string }>[];
}

export type ValueEntry = Namespaced<{ key: string; value: string }>;
export type ExpectedEntry = Namespaced<{ key: string; expected: string }>;
export type ExtendEntry = Namespaced<{ key: string; expected: string; newValue?: string }>;

export abstract class CheckedKeyValueStore implements KeyValueStore {
  #closed = false;

  /** `keyPrefix` namespaces every key; keys are reported (scan) without it. */
  constructor(protected readonly keyPrefix: string) {}

  /** True once close() has begun. */
  protected get closed(): boolean {
    return this.#closed;
  }

  async get(key: string): Promise<string | null> {
    return this.getChecked(this.#k(key));
  }

  async mget(keys: string[]): Promise<(string | null)[]> {
    this.#ready();
    if (!Array.isArray(keys)) throw new TypeError('keys must be an array');
    return this.mgetChecked(keys.map((key) => this.#k(key)));
  }

  async set(key: string, value: string, options?: { ttlMs?: number }): Promise<void> {
    const k = this.#k(key);
    checkString(value);
    return this.setChecked(k, value, checkOptionalTtl(options?.ttlMs));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const k = this.#k(key);
    checkString(value);
    return this.setIfAbsentChecked(k, value, checkTtl(ttlMs));
  }

  async setAllIfAbsent(entries: { key: string; value: string }[], ttlMs: number): Promise<boolean> {
    this.#ready();
    const list = this.#namespaced(checkValueEntries(entries));
    return this.setAllIfAbsentChecked(list, checkTtl(ttlMs));
  }

  async setAllIfAbsentFenced(
    entries: { key: string; value: string }[],
    ttlMs: number,
    fenceKey: string,
    also?: SortedSetChanges,
  ): Promise<number | null> {
    this.#ready();
    const list = this.#namespaced(checkValueEntries(entries));
    const ttl = checkTtl(ttlMs);
    const fence = this.#k(fenceKey);
    return this.setAllIfAbsentFencedChecked(list, ttl, fence, this.#changes(also));
  }

  async compareAndDelete(key: string, expected: string): Promise<boolean> {
    return this.compareAndDeleteAll([{ key, expected }]);
  }

  async compareAndDeleteAll(
    entries: { key: string; expected: string }[],
    also?: SortedSetChanges,
  ): Promise<boolean> {
    this.#ready();
    const list = this.#namespaced(checkExpectedEntries(entries));
    return this.compareAndDeleteAllChecked(list, this.#changes(also));
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
    const list = this.#namespaced(checkExtendEntries(entries));
    const ttl = checkTtl(ttlMs);
    return this.compareAndExtendAllChecked(list, ttl, this.#changes(also));
  }

  async incr(key: string, options?: { by?: number; ttlMs?: number }): Promise<number> {
    const k = this.#k(key);
    const by = checkIncrement(options?.by);
    return this.incrChecked(k, by, checkOptionalTtl(options?.ttlMs));
  }

  async ttl(key: string): Promise<number | null> {
    return this.ttlChecked(this.#k(key));
  }

  async del(key: string): Promise<boolean> {
    return this.delChecked(this.#k(key));
  }

  async scan(prefix: string): Promise<{ key: string; value: string }[]> {
    this.#ready();
    return this.scanChecked(this.keyPrefix + checkString(prefix, 'prefix'));
  }

  async getBytes(key: string): Promise<Uint8Array | null> {
    return this.getBytesChecked(this.#k(key));
  }

  async setBytes(key: string, value: Uint8Array, options?: { ttlMs?: number }): Promise<void> {
    const k = this.#k(key);
    const bytes = checkBytes(value);
    return this.setBytesChecked(k, bytes, checkOptionalTtl(options?.ttlMs));
  }

  async zadd(key: string, member: string, score: number): Promise<void> {
    const k = this.#k(key);
    checkString(member, 'member');
    checkScore(score);
    return this.zaddChecked(k, member, score);
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
    return this.zrangeByScoreChecked(k, min, max, checkLimit(limit));
  }

  async zrem(key: string, member: string): Promise<boolean> {
    const k = this.#k(key);
    checkString(member, 'member');
    return this.zremChecked(k, member);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.closeOnce();
  }

  #ready(): void {
    if (this.#closed) throw new Error(KV_ERRORS.closed);
  }

  /** Checks the store is open and the key valid; returns the namespaced key. */
  #k(key: unknown): string {
    this.#ready();
    return this.keyPrefix + checkKey(key);
  }

  #namespaced<T extends { key: string }>(entries: T[]): Namespaced<T>[] {
    return entries.map((e) => ({ ...e, k: this.#k(e.key) }));
  }

  #changes(also: SortedSetChanges | undefined): NamespacedChanges {
    const { zadd, zrem } = checkChanges(also);
    return { zadd: this.#namespaced(zadd), zrem: this.#namespaced(zrem) };
  }

  protected abstract getChecked(k: string): Promise<string | null>;
  protected abstract mgetChecked(ks: string[]): Promise<(string | null)[]>;
  protected abstract setChecked(k: string, value: string, ttl: number | undefined): Promise<void>;
  protected abstract setIfAbsentChecked(k: string, value: string, ttl: number): Promise<boolean>;
  protected abstract setAllIfAbsentChecked(list: ValueEntry[], ttl: number): Promise<boolean>;
  protected abstract setAllIfAbsentFencedChecked(
    list: ValueEntry[],
    ttl: number,
    fenceK: string,
    changes: NamespacedChanges,
  ): Promise<number | null>;
  protected abstract compareAndDeleteAllChecked(
    list: ExpectedEntry[],
    changes: NamespacedChanges,
  ): Promise<boolean>;
  protected abstract compareAndExtendAllChecked(
    list: ExtendEntry[],
    ttl: number,
    changes: NamespacedChanges,
  ): Promise<boolean>;
  protected abstract incrChecked(k: string, by: number, ttl: number | undefined): Promise<number>;
  protected abstract ttlChecked(k: string): Promise<number | null>;
  protected abstract delChecked(k: string): Promise<boolean>;
  /** `full` is the namespaced prefix; the keys found are reported without the namespace. */
  protected abstract scanChecked(full: string): Promise<{ key: string; value: string }[]>;
  protected abstract getBytesChecked(k: string): Promise<Uint8Array | null>;
  protected abstract setBytesChecked(k: string, value: Uint8Array, ttl: number | undefined): Promise<void>;
  protected abstract zaddChecked(k: string, member: string, score: number): Promise<void>;
  protected abstract zrangeByScoreChecked(
    k: string,
    min: number,
    max: number,
    limit: number | undefined,
  ): Promise<{ member: string; score: number }[]>;
  protected abstract zremChecked(k: string, member: string): Promise<boolean>;
  /** Releases the adapter's resources; called once, by the first close(). */
  protected abstract closeOnce(): Promise<void>;
}
