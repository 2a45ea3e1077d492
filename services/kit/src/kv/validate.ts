/**
 * Argument checks shared by both key-value adapters, so that bad input is rejected the same way
 * (a RangeError/TypeError from the returned promise) whether the store is embedded or Redis.
 */

/** Error messages of the store, worded like Redis replies so both adapters fail alike. */
export const KV_ERRORS = {
  wrongType: 'WRONGTYPE Operation against a key holding the wrong kind of value',
  notInteger: 'ERR value is not an integer or out of range',
  overflow: 'ERR increment or decrement would overflow',
  closed: 'key-value store is closed',
} as const;

/** A TTL in whole milliseconds (fractions round up, so a TTL never shrinks to 0). */
export function checkTtl(ttlMs: unknown, name = 'ttlMs'): number {
  if (typeof ttlMs !== 'number' || !Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new RangeError(`${name} must be a positive number of milliseconds (got ${String(ttlMs)})`);
  }
  const ms = Math.ceil(ttlMs);
  if (ms > Number.MAX_SAFE_INTEGER) throw new RangeError(`${name} is too large (got ${ttlMs})`);
  return ms;
}

/** An optional TTL: undefined means "no expiry". */
export function checkOptionalTtl(ttlMs: unknown, name = 'ttlMs'): number | undefined {
  return ttlMs === undefined ? undefined : checkTtl(ttlMs, name);
}

export function checkKey(key: unknown, name = 'key'): string {
  if (typeof key !== 'string' || key.length === 0) {
    throw new TypeError(`${name} must be a non-empty string`);
  }
  return key;
}

export function checkString(value: unknown, name = 'value'): string {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string`);
  return value;
}

export function checkBytes(value: unknown, name = 'value'): Uint8Array {
  if (!(value instanceof Uint8Array)) throw new TypeError(`${name} must be a Uint8Array`);
  return value;
}

/** The increment of `incr`: a safe integer, 1 when omitted. */
export function checkIncrement(by: unknown): number {
  if (by === undefined) return 1;
  if (typeof by !== 'number' || !Number.isSafeInteger(by)) {
    throw new RangeError(`by must be a safe integer (got ${String(by)})`);
  }
  return by;
}

/** A sorted-set score: any number but NaN (±Infinity are valid, as in Redis). */
export function checkScore(score: unknown, name = 'score'): number {
  if (typeof score !== 'number' || Number.isNaN(score)) {
    throw new RangeError(`${name} must be a number (got ${String(score)})`);
  }
  return score;
}

/** The `limit` of zrangeByScore: a non-negative integer, or undefined for "all". */
export function checkLimit(limit: unknown): number | undefined {
  if (limit === undefined) return undefined;
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 0) {
    throw new RangeError(`limit must be a non-negative integer (got ${String(limit)})`);
  }
  return limit;
}

/** A non-empty list for the all-or-nothing operations; an empty list has nothing to decide. */
export function checkEntries<T>(entries: unknown, name = 'entries'): T[] {
  if (!Array.isArray(entries)) throw new TypeError(`${name} must be an array`);
  if (entries.length === 0) throw new RangeError(`${name} must not be empty`);
  return entries as T[];
}

/** The entries of setAllIfAbsent(Fenced), checked: a non-empty list of keys with string values. */
export function checkValueEntries(entries: unknown): { key: string; value: string }[] {
  return checkEntries<Record<string, unknown> | null>(entries).map((e) => ({
    key: checkKey(e?.key),
    value: checkString(e?.value, 'entries[].value'),
  }));
}

/** The entries of compareAndDeleteAll, checked: a non-empty list of keys with the value each must hold. */
export function checkExpectedEntries(entries: unknown): { key: string; expected: string }[] {
  return checkEntries<Record<string, unknown> | null>(entries).map((e) => ({
    key: checkKey(e?.key),
    expected: checkString(e?.expected, 'expected'),
  }));
}

/** The entries of compareAndExtendAll, checked: as checkExpectedEntries, each with an optional new value. */
export function checkExtendEntries(entries: unknown): { key: string; expected: string; newValue?: string }[] {
  return checkEntries<Record<string, unknown> | null>(entries).map((e) => ({
    key: checkKey(e?.key),
    expected: checkString(e?.expected, 'expected'),
    newValue: e?.newValue === undefined ? undefined : checkString(e.newValue, 'newValue'),
  }));
}

/**
 * Parses a stored counter the way Redis does (string2ll): an optional minus sign and decimal digits,
 * no leading zeros, no spaces, no plus sign. Throws the Redis error otherwise.
 */
export function parseCounter(value: string): number {
  if (!/^(?:0|-?[1-9][0-9]*)$/.test(value)) throw new Error(KV_ERRORS.notInteger);
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(KV_ERRORS.notInteger);
  return n;
}

/** current + by, failing like Redis when the result leaves the representable integer range. */
export function addCounter(current: number, by: number): number {
  const next = current + by;
  if (!Number.isSafeInteger(next)) throw new Error(KV_ERRORS.overflow);
  return next;
}

/** Escapes Redis glob characters (`* ? [ ] \`) so a prefix matches itself literally in SCAN MATCH. */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

/** The sorted-set changes of a conditional write, checked; empty lists when none. */
export function checkChanges(also: unknown): {
  zadd: { key: string; member: string; score: number }[];
  zrem: { key: string; member: string }[];
} {
  if (also === undefined) return { zadd: [], zrem: [] };
  if (typeof also !== 'object' || also === null) throw new TypeError('also must be an object');
  const a = also as { zadd?: unknown; zrem?: unknown };
  const list = (v: unknown, name: string): Record<string, unknown>[] => {
    if (v === undefined) return [];
    if (!Array.isArray(v)) throw new TypeError(`${name} must be an array`);
    return v as Record<string, unknown>[];
  };
  return {
    zadd: list(a.zadd, 'also.zadd').map((z) => ({
      key: checkKey(z?.key, 'also.zadd[].key'),
      member: checkString(z?.member, 'also.zadd[].member'),
      score: checkScore(z?.score, 'also.zadd[].score'),
    })),
    zrem: list(a.zrem, 'also.zrem').map((z) => ({
      key: checkKey(z?.key, 'also.zrem[].key'),
      member: checkString(z?.member, 'also.zrem[].member'),
    })),
  };
}

export { compareCodePoints } from '../code-points.js';
