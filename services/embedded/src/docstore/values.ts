/**
 * Value helpers of the embedded document store: what a storable value is, deep copies, equality and
 * MongoDB's ordering.
 *
 * Stored documents are plain JSON (string, finite number, boolean, null, arrays, plain objects),
 * because they are persisted as JSON lines: anything else (Date, bigint, NaN, class instances) is
 * refused on the way in instead of silently coming back different after a restart. `undefined`
 * becomes null, as the MongoDB driver serialises it by default (`ignoreUndefined: false`).
 *
 * Equality follows MongoDB: objects are equal only with the same keys in the same order. Ordering
 * follows MongoDB's type brackets for the types we store: null/missing < numbers < strings <
 * objects < arrays < booleans; strings compare by code point (the order of their UTF-8 bytes).
 */
import { compareCodePoints } from '@tessera/kit/ports';
import { InvalidOperationError } from './errors.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Deeper than this is refused (it would only come from hostile input, and recursion has limits). */
const MAX_DEPTH = 100;

/** Deep copy of an input value, checked to be storable. `where` names the value in error messages. */
export function toStorable(value: unknown, where: string): Json {
  return isContainer(value) ? copyChecked(value, where, 0) : checkedScalar(value, where, undefined);
}

/**
 * Like toStorable, but every array and object of the result that deep-equals its counterpart in
 * `base` (a stored value, never mutated) IS that counterpart: a replacement that changes a little of
 * a large document allocates only what changed, and diffs (diff.ts) skip the rest by identity. The
 * result never shares anything with `value`.
 */
export function toStorableOver(value: unknown, base: Json | undefined, where: string): Json {
  return isContainer(value) ? copyOver(value, base, where, 0) : checkedScalar(value, where, undefined);
}

const isContainer = (v: unknown): v is object => typeof v === 'object' && v !== null;
const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** A checked scalar; `key` (when given) is appended to `where` in an error message only. */
function checkedScalar(value: unknown, where: string, key: string | number | undefined): Json {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return refuse(value, key === undefined ? where : `${where}.${key}`);
}

function refuse(value: unknown, where: string): never {
  if (typeof value === 'number') throw new InvalidOperationError(`${where}: ${value} is not storable`);
  throw new InvalidOperationError(
    `${where}: ${describe(value)} is not storable (documents hold strings, finite numbers, booleans, null, arrays and plain objects)`,
  );
}

function copyChecked(value: object, where: string, depth: number): Json {
  if (depth >= MAX_DEPTH) throw new InvalidOperationError(`${where}: nested more than ${MAX_DEPTH} levels`);
  if (Array.isArray(value)) {
    const out: Json[] = new Array<Json>(value.length);
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      out[i] = isContainer(v) ? copyChecked(v, `${where}.${i}`, depth + 1) : checkedScalar(v, where, i);
    }
    return out;
  }
  if (isPlainObject(value)) {
    const out: JsonObject = {};
    for (const key of Object.keys(value)) {
      if (key === '__proto__')
        throw new InvalidOperationError(`${where}: the key '__proto__' is not allowed`);
      const v = value[key];
      out[key] = isContainer(v) ? copyChecked(v, `${where}.${key}`, depth + 1) : checkedScalar(v, where, key);
    }
    return out;
  }
  return checkedScalar(value, where, undefined);
}

function copyOver(value: object, base: Json | undefined, where: string, depth: number): Json {
  if (depth >= MAX_DEPTH) throw new InvalidOperationError(`${where}: nested more than ${MAX_DEPTH} levels`);
  if (Array.isArray(value)) {
    if (!Array.isArray(base)) return copyChecked(value, where, depth);
    // No copy until the first element that differs from base's (base's equal ones are kept).
    let out: Json[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const b = base[i];
      const c = isContainer(v) ? copyOver(v, b, `${where}.${i}`, depth + 1) : checkedScalar(v, where, i);
      if (out) out.push(c);
      else if (c !== b || i >= base.length) {
        out = base.slice(0, i);
        out.push(c);
      }
    }
    return out ?? (value.length === base.length ? base : base.slice(0, value.length));
  }
  if (isPlainObject(value)) {
    if (!isPlainObject(base)) return copyChecked(value, where, depth);
    const keys = Object.keys(value);
    const baseKeys = Object.keys(base);
    const out: JsonObject = {};
    let same = keys.length === baseKeys.length;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      if (key === '__proto__')
        throw new InvalidOperationError(`${where}: the key '__proto__' is not allowed`);
      const v = value[key];
      const b = hasOwn(base, key) ? base[key] : undefined;
      const c = isContainer(v) ? copyOver(v, b, `${where}.${key}`, depth + 1) : checkedScalar(v, where, key);
      out[key] = c;
      if (same && (c !== b || baseKeys[i] !== key)) same = false;
    }
    return same ? (base as JsonObject) : out;
  }
  return checkedScalar(value, where, undefined);
}

function describe(v: unknown): string {
  if (v instanceof Date) return 'a Date (store an ISO string or epoch milliseconds)';
  if (typeof v === 'object' && v !== null) return `a ${v.constructor?.name ?? 'non-plain'} object`;
  return `a ${typeof v}`;
}

/** Deep copy of a value already known to be JSON (stored documents). */
export function cloneJson<T extends Json>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    // a block copy, then the documents and arrays inside copied in turn
    const out = value.slice();
    for (let i = 0; i < out.length; i++) {
      const v = out[i] as Json;
      if (v !== null && typeof v === 'object') out[i] = cloneJson(v);
    }
    return out as T;
  }
  const out: JsonObject = {};
  for (const key of Object.keys(value)) {
    const v = (value as JsonObject)[key] as Json;
    out[key] = v !== null && typeof v === 'object' ? cloneJson(v) : v;
  }
  return out as T;
}

/** MongoDB equality: same type, same value; objects need the same keys in the same order. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i] as string;
    if (k !== kb[i]) return false;
    if (!deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** MongoDB's canonical type order (the brackets used by sort and by $gt/$lt/$min/$max). */
export function typeRank(v: unknown): number {
  if (v === undefined || v === null) return 1;
  if (typeof v === 'number') return 2;
  if (typeof v === 'string') return 3;
  if (Array.isArray(v)) return 5;
  if (typeof v === 'boolean') return 8;
  return 4;
}

/** Total order of two values: negative, zero or positive. */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 1:
      return 0;
    case 2:
      return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
    case 3:
      return compareCodePoints(a as string, b as string);
    case 8:
      return a === b ? 0 : a ? 1 : -1;
    case 5: {
      const x = a as unknown[];
      const y = b as unknown[];
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) {
        const c = compareValues(x[i], y[i]);
        if (c !== 0) return c;
      }
      return x.length - y.length;
    }
    default: {
      const x = a as Record<string, unknown>;
      const y = b as Record<string, unknown>;
      const kx = Object.keys(x);
      const ky = Object.keys(y);
      const n = Math.min(kx.length, ky.length);
      for (let i = 0; i < n; i++) {
        // Field by field: the value's type bracket, then the field name, then the value.
        const vx = x[kx[i] as string];
        const vy = y[ky[i] as string];
        const t = typeRank(vx) - typeRank(vy);
        if (t !== 0) return t;
        const k = compareCodePoints(kx[i] as string, ky[i] as string);
        if (k !== 0) return k;
        const c = compareValues(vx, vy);
        if (c !== 0) return c;
      }
      return kx.length - ky.length;
    }
  }
}
