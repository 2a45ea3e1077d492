import { ErrorReply, RESP_TYPES } from 'redis';
import { appError } from '../errors/app-error.js';
import type { KeyValueStore, SortedSetChanges } from './port.js';
import {
  connectRedis,
  describeRedisUrl,
  type RedisClient,
  type RedisConnectionOptions,
} from './redis-connection.js';
import {
  ALL_SCRIPTS,
  COMPARE_AND_DELETE_ALL,
  COMPARE_AND_EXTEND_ALL,
  INCR_WITH_TTL,
  SET_ALL_IF_ABSENT,
  SET_ALL_IF_ABSENT_FENCED,
  type LuaScript,
} from './redis-scripts.js';
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
  escapeGlob,
} from './validate.js';

export interface RedisKeyValueStoreOptions extends RedisConnectionOptions {
  /**
   * Prepended to every key (tests, multi-tenant deploys). scan() matches and reports keys without it.
   * With Redis Cluster, keys of one multi-key call need a common hash tag, e.g. `{lock}:board:1`.
   */
  keyPrefix?: string;
}

/** A view of the client that returns bulk strings as Buffers (same connection, RESP type mapping). */
const bytesView = (client: RedisClient) => client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
type BytesClient = ReturnType<typeof bytesView>;

const SCAN_BATCH = 500;

/** A score as ZADD takes it from a script argument (Redis spells infinity `inf`). */
const redisScore = (n: number): string => (n === Infinity ? '+inf' : n === -Infinity ? '-inf' : String(n));

/**
 * The key-value port on Redis (`redis` 5+ client). SET NX PX for single locks; Lua scripts (loaded
 * at connect, run by EVALSHA with an EVAL fallback after a SCRIPT FLUSH or a server restart) for
 * compare-and-delete, compare-and-extend, the all-or-nothing multi-key variants and fixed-window
 * counters; PTTL; SCAN MATCH with the prefix glob-escaped; ZADD / ZRANGE BYSCORE LIMIT / ZREM.
 *
 * Failures: a Redis error reply (wrong type, not an integer) is rethrown as is; any connection
 * failure (offline while reconnecting, command timeout, socket closed) becomes a ConnectError with
 * code SERVICE_UNAVAILABLE whose message names Redis, so callers answer 503 instead of hanging.
 */
export class RedisKeyValueStore implements KeyValueStore {
  readonly #client: RedisClient;
  readonly #bytes: BytesClient;
  readonly #prefix: string;
  readonly #where: string;
  readonly #deadlineMs: number;
  #closed = false;

  private constructor(client: RedisClient, opts: RedisKeyValueStoreOptions) {
    this.#client = client;
    this.#bytes = bytesView(client);
    this.#prefix = opts.keyPrefix ?? '';
    this.#where = describeRedisUrl(opts.url);
    this.#deadlineMs = opts.commandTimeoutMs ?? 5000;
  }

  /** Connects (within `connectTimeoutMs`) and loads the scripts. */
  static async open(opts: RedisKeyValueStoreOptions): Promise<RedisKeyValueStore> {
    const client = await connectRedis(opts);
    const store = new RedisKeyValueStore(client, opts);
    try {
      await store.loadScripts();
    } catch (err) {
      client.destroy();
      throw err;
    }
    return store;
  }

  /** SCRIPT LOAD of every script (EVALSHA falls back to EVAL when the server forgot them). */
  async loadScripts(): Promise<void> {
    for (const s of ALL_SCRIPTS) {
      const sha = await this.#run(() => this.#client.scriptLoad(s.source));
      if (sha !== s.sha) throw new Error(`SCRIPT LOAD of ${s.name} returned ${sha}, expected ${s.sha}`);
    }
  }

  async get(key: string): Promise<string | null> {
    const k = this.#k(key);
    return this.#run(() => this.#client.get(k));
  }

  async mget(keys: string[]): Promise<(string | null)[]> {
    this.#ready();
    if (!Array.isArray(keys)) throw new TypeError('keys must be an array');
    const full = keys.map((key) => this.#k(key));
    if (full.length === 0) return [];
    return this.#run(() => this.#client.mGet(full));
  }

  async set(key: string, value: string, options?: { ttlMs?: number }): Promise<void> {
    const k = this.#k(key);
    checkString(value);
    const ttl = checkOptionalTtl(options?.ttlMs);
    await this.#run(() => this.#client.set(k, value, ttl ? { expiration: { type: 'PX', value: ttl } } : {}));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const k = this.#k(key);
    checkString(value);
    const ttl = checkTtl(ttlMs);
    const reply = await this.#run(() =>
      this.#client.set(k, value, { condition: 'NX', expiration: { type: 'PX', value: ttl } }),
    );
    return reply !== null;
  }

  async setAllIfAbsent(entries: { key: string; value: string }[], ttlMs: number): Promise<boolean> {
    this.#ready();
    const list = checkValueEntries(entries);
    const keys = list.map((e) => this.#k(e.key));
    const values = list.map((e) => e.value);
    const ttl = checkTtl(ttlMs);
    return (await this.#eval(SET_ALL_IF_ABSENT, keys, [String(ttl), ...values])) === 1;
  }

  async setAllIfAbsentFenced(
    entries: { key: string; value: string }[],
    ttlMs: number,
    fenceKey: string,
    also?: SortedSetChanges,
  ): Promise<number | null> {
    this.#ready();
    const list = checkValueEntries(entries);
    const keys = list.map((e) => this.#k(e.key));
    const values = list.map((e) => e.value);
    const ttl = checkTtl(ttlMs);
    const fence = this.#k(fenceKey);
    const z = this.#changes(also);
    const reply = await this.#eval(
      SET_ALL_IF_ABSENT_FENCED,
      [...keys, fence, ...z.keys],
      [String(ttl), String(keys.length), ...values, ...z.args],
    );
    return reply === null || reply === undefined ? null : Number(reply);
  }

  async compareAndDelete(key: string, expected: string): Promise<boolean> {
    return this.compareAndDeleteAll([{ key, expected }]);
  }

  async compareAndDeleteAll(
    entries: { key: string; expected: string }[],
    also?: SortedSetChanges,
  ): Promise<boolean> {
    this.#ready();
    const list = checkExpectedEntries(entries);
    const keys = list.map((e) => this.#k(e.key));
    const expected = list.map((e) => e.expected);
    const z = this.#changes(also);
    const reply = await this.#eval(
      COMPARE_AND_DELETE_ALL,
      [...keys, ...z.keys],
      [String(keys.length), ...expected, ...z.args],
    );
    return reply === 1;
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
    const list = checkExtendEntries(entries);
    const keys = list.map((e) => this.#k(e.key));
    const args = [String(checkTtl(ttlMs)), String(keys.length)];
    for (const e of list) {
      args.push(e.expected);
      if (e.newValue === undefined) args.push('0', '');
      else args.push('1', e.newValue);
    }
    const z = this.#changes(also);
    return (await this.#eval(COMPARE_AND_EXTEND_ALL, [...keys, ...z.keys], [...args, ...z.args])) === 1;
  }

  async incr(key: string, options?: { by?: number; ttlMs?: number }): Promise<number> {
    const k = this.#k(key);
    const by = checkIncrement(options?.by);
    const ttl = checkOptionalTtl(options?.ttlMs);
    const reply = await this.#eval(INCR_WITH_TTL, [k], [String(by), String(ttl ?? 0)]);
    return Number(reply);
  }

  async ttl(key: string): Promise<number | null> {
    const k = this.#k(key);
    const ms = await this.#run(() => this.#client.pTTL(k));
    if (ms === -2) return null;
    // PTTL says 0 in the last millisecond of a live key; like the embedded store, a live key with
    // an expiry always reports at least 1.
    return ms === 0 ? 1 : ms;
  }

  async del(key: string): Promise<boolean> {
    const k = this.#k(key);
    return (await this.#run(() => this.#client.del(k))) > 0;
  }

  async scan(prefix: string): Promise<{ key: string; value: string }[]> {
    this.#ready();
    const match = `${escapeGlob(this.#prefix + checkString(prefix, 'prefix'))}*`;
    const strip = this.#prefix.length;
    // SCAN may report a key more than once; the map keeps one entry per key.
    const found = new Map<string, string>();
    let cursor = '0';
    do {
      const page = await this.#run(() =>
        this.#client.scan(cursor, { MATCH: match, COUNT: SCAN_BATCH, TYPE: 'string' }),
      );
      cursor = String(page.cursor);
      const keys = page.keys.map(String);
      if (keys.length === 0) continue;
      // A key may expire or be deleted between SCAN and MGET: its null is skipped.
      const values = await this.#run(() => this.#client.mGet(keys));
      keys.forEach((k, i) => {
        const v = values[i];
        if (v !== null && v !== undefined) found.set(k.slice(strip), v);
      });
    } while (cursor !== '0');
    return [...found].map(([key, value]) => ({ key, value }));
  }

  async getBytes(key: string): Promise<Uint8Array | null> {
    const k = this.#k(key);
    const buf = await this.#run(() => this.#bytes.get(k));
    return buf === null ? null : new Uint8Array(buf);
  }

  async setBytes(key: string, value: Uint8Array, options?: { ttlMs?: number }): Promise<void> {
    const k = this.#k(key);
    const copy = Buffer.from(checkBytes(value));
    const ttl = checkOptionalTtl(options?.ttlMs);
    await this.#run(() => this.#client.set(k, copy, ttl ? { expiration: { type: 'PX', value: ttl } } : {}));
  }

  async zadd(key: string, member: string, score: number): Promise<void> {
    const k = this.#k(key);
    checkString(member, 'member');
    checkScore(score);
    await this.#run(() => this.#client.zAdd(k, { score, value: member }));
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
    if (n === 0 || min > max) return [];
    const rows = await this.#run(() =>
      this.#client.zRangeWithScores(k, min, max, {
        BY: 'SCORE',
        ...(n === undefined ? {} : { LIMIT: { offset: 0, count: n } }),
      }),
    );
    return rows.map((r) => ({ member: String(r.value), score: Number(r.score) }));
  }

  async zrem(key: string, member: string): Promise<boolean> {
    const k = this.#k(key);
    checkString(member, 'member');
    return (await this.#run(() => this.#client.zRem(k, member))) > 0;
  }

  /** Waits for replies in flight, then closes the connection (QUIT-like; forced if that fails). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      await this.#client.close();
    } catch {
      this.#client.destroy();
    }
  }

  #ready(): void {
    if (this.#closed) throw new Error(KV_ERRORS.closed);
  }

  #k(key: unknown): string {
    this.#ready();
    return this.#prefix + checkKey(key);
  }

  /**
   * Runs Redis calls under a deadline (the client's own timeout stops once a command is written, so
   * a server that accepted a command and went silent would otherwise hang the caller), turning
   * connection failures into one clear SERVICE_UNAVAILABLE error.
   */
  async #run<T>(fn: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no reply within ${this.#deadlineMs} ms`)), this.#deadlineMs);
    });
    try {
      return await Promise.race([fn(), deadline]);
    } catch (err) {
      if (err instanceof ErrorReply) throw err;
      if (this.#closed) throw new Error(KV_ERRORS.closed, { cause: err });
      const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      throw appError('SERVICE_UNAVAILABLE', `Redis is unavailable at ${this.#where} (${reason})`, {
        cause: err,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /** The sorted-set changes as script keys and arguments (redis-scripts.ts, ZSET_CHANGES). */
  #changes(also: SortedSetChanges | undefined): { keys: string[]; args: string[] } {
    const { zadd, zrem } = checkChanges(also);
    const keys = [...zadd.map((z) => this.#k(z.key)), ...zrem.map((z) => this.#k(z.key))];
    const args = [String(zadd.length), String(zrem.length)];
    for (const z of zadd) args.push(redisScore(z.score), z.member);
    for (const z of zrem) args.push(z.member);
    return { keys, args };
  }

  /** EVALSHA, or EVAL when the server does not know the script (after SCRIPT FLUSH or a restart). */
  #eval(script: LuaScript, keys: string[], args: string[]): Promise<unknown> {
    return this.#run(async () => {
      try {
        return await this.#client.evalSha(script.sha, { keys, arguments: args });
      } catch (err) {
        if (!(err instanceof ErrorReply) || !err.message.startsWith('NOSCRIPT')) throw err;
        return this.#client.eval(script.source, { keys, arguments: args });
      }
    });
  }
}
