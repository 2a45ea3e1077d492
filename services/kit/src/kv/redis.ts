import { ErrorReply, RESP_TYPES } from 'redis';
import { appError } from '../errors/app-error.js';
import {
  CheckedKeyValueStore,
  type ExpectedEntry,
  type ExtendEntry,
  type NamespacedChanges,
  type ValueEntry,
} from './checked-kv.js';
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
import { KV_ERRORS, escapeGlob } from './validate.js';

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

/** The sorted-set changes as script keys and arguments (redis-scripts.ts, ZSET_CHANGES). */
function scriptChanges({ zadd, zrem }: NamespacedChanges): { keys: string[]; args: string[] } {
  const keys = [...zadd.map((z) => z.k), ...zrem.map((z) => z.k)];
  const args = [String(zadd.length), String(zrem.length)];
  for (const z of zadd) args.push(redisScore(z.score), z.member);
  for (const z of zrem) args.push(z.member);
  return { keys, args };
}

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
export class RedisKeyValueStore extends CheckedKeyValueStore {
  readonly #client: RedisClient;
  readonly #bytes: BytesClient;
  readonly #where: string;
  readonly #deadlineMs: number;

  private constructor(client: RedisClient, opts: RedisKeyValueStoreOptions) {
    super(opts.keyPrefix ?? '');
    this.#client = client;
    this.#bytes = bytesView(client);
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

  protected async getChecked(k: string): Promise<string | null> {
    return this.#run(() => this.#client.get(k));
  }

  protected async mgetChecked(ks: string[]): Promise<(string | null)[]> {
    if (ks.length === 0) return [];
    return this.#run(() => this.#client.mGet(ks));
  }

  protected async setChecked(k: string, value: string, ttl: number | undefined): Promise<void> {
    await this.#run(() => this.#client.set(k, value, ttl ? { expiration: { type: 'PX', value: ttl } } : {}));
  }

  protected async setIfAbsentChecked(k: string, value: string, ttl: number): Promise<boolean> {
    const reply = await this.#run(() =>
      this.#client.set(k, value, { condition: 'NX', expiration: { type: 'PX', value: ttl } }),
    );
    return reply !== null;
  }

  protected async setAllIfAbsentChecked(list: ValueEntry[], ttl: number): Promise<boolean> {
    const keys = list.map((e) => e.k);
    const values = list.map((e) => e.value);
    return (await this.#eval(SET_ALL_IF_ABSENT, keys, [String(ttl), ...values])) === 1;
  }

  protected async setAllIfAbsentFencedChecked(
    list: ValueEntry[],
    ttl: number,
    fenceK: string,
    changes: NamespacedChanges,
  ): Promise<number | null> {
    const keys = list.map((e) => e.k);
    const values = list.map((e) => e.value);
    const z = scriptChanges(changes);
    const reply = await this.#eval(
      SET_ALL_IF_ABSENT_FENCED,
      [...keys, fenceK, ...z.keys],
      [String(ttl), String(keys.length), ...values, ...z.args],
    );
    return reply === null || reply === undefined ? null : Number(reply);
  }

  protected async compareAndDeleteAllChecked(
    list: ExpectedEntry[],
    changes: NamespacedChanges,
  ): Promise<boolean> {
    const keys = list.map((e) => e.k);
    const expected = list.map((e) => e.expected);
    const z = scriptChanges(changes);
    const reply = await this.#eval(
      COMPARE_AND_DELETE_ALL,
      [...keys, ...z.keys],
      [String(keys.length), ...expected, ...z.args],
    );
    return reply === 1;
  }

  protected async compareAndExtendAllChecked(
    list: ExtendEntry[],
    ttl: number,
    changes: NamespacedChanges,
  ): Promise<boolean> {
    const keys = list.map((e) => e.k);
    const args = [String(ttl), String(keys.length)];
    for (const e of list) {
      args.push(e.expected);
      if (e.newValue === undefined) args.push('0', '');
      else args.push('1', e.newValue);
    }
    const z = scriptChanges(changes);
    return (await this.#eval(COMPARE_AND_EXTEND_ALL, [...keys, ...z.keys], [...args, ...z.args])) === 1;
  }

  protected async incrChecked(k: string, by: number, ttl: number | undefined): Promise<number> {
    const reply = await this.#eval(INCR_WITH_TTL, [k], [String(by), String(ttl ?? 0)]);
    return Number(reply);
  }

  protected async ttlChecked(k: string): Promise<number | null> {
    const ms = await this.#run(() => this.#client.pTTL(k));
    if (ms === -2) return null;
    // PTTL says 0 in the last millisecond of a live key; like the embedded store, a live key with
    // an expiry always reports at least 1.
    return ms === 0 ? 1 : ms;
  }

  protected async delChecked(k: string): Promise<boolean> {
    return (await this.#run(() => this.#client.del(k))) > 0;
  }

  protected async scanChecked(full: string): Promise<{ key: string; value: string }[]> {
    const match = `${escapeGlob(full)}*`;
    const strip = this.keyPrefix.length;
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

  protected async getBytesChecked(k: string): Promise<Uint8Array | null> {
    const buf = await this.#run(() => this.#bytes.get(k));
    return buf === null ? null : new Uint8Array(buf);
  }

  protected async setBytesChecked(k: string, value: Uint8Array, ttl: number | undefined): Promise<void> {
    const copy = Buffer.from(value);
    await this.#run(() => this.#client.set(k, copy, ttl ? { expiration: { type: 'PX', value: ttl } } : {}));
  }

  protected async zaddChecked(k: string, member: string, score: number): Promise<void> {
    await this.#run(() => this.#client.zAdd(k, { score, value: member }));
  }

  protected async zrangeByScoreChecked(
    k: string,
    min: number,
    max: number,
    limit: number | undefined,
  ): Promise<{ member: string; score: number }[]> {
    if (limit === 0 || min > max) return [];
    const rows = await this.#run(() =>
      this.#client.zRangeWithScores(k, min, max, {
        BY: 'SCORE',
        ...(limit === undefined ? {} : { LIMIT: { offset: 0, count: limit } }),
      }),
    );
    return rows.map((r) => ({ member: String(r.value), score: Number(r.score) }));
  }

  protected async zremChecked(k: string, member: string): Promise<boolean> {
    return (await this.#run(() => this.#client.zRem(k, member))) > 0;
  }

  /** Waits for replies in flight, then closes the connection (QUIT-like; forced if that fails). */
  protected async closeOnce(): Promise<void> {
    try {
      await this.#client.close();
    } catch {
      this.#client.destroy();
    }
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
      if (this.closed) throw new Error(KV_ERRORS.closed, { cause: err });
      const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      throw appError('SERVICE_UNAVAILABLE', `Redis is unavailable at ${this.#where} (${reason})`, {
        cause: err,
      });
    } finally {
      clearTimeout(timer);
    }
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
