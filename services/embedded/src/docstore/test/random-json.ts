/**
 * Seeded random JSON values and random edits of them, for the property tests of diffs and replay
 * (diff.test.ts, replay.test.ts). Values cover what patches must handle: nested objects (also with
 * numeric-looking keys, whose order JavaScript fixes), arrays of scalars and of documents, long
 * strings (spliced by patches) and short ones, null, booleans and numbers.
 */
import type { Json, JsonObject } from '../values.js';

export type Random = () => number;

/** mulberry32 */
export function seeded(seed: number): Random {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const int = (r: Random, n: number): number => Math.floor(r() * n);
export const pick = <T>(r: Random, xs: readonly T[]): T => xs[int(r, xs.length)] as T;

const KEYS = ['a', 'b', 'c', 'owners', 'soldAt', 'colors', 'tags', 'meta', 'x', '7', '12', 'zeta'];

export function randomString(r: Random): string {
  if (int(r, 3) === 0) {
    // a long one, like a board's colours: patches splice these
    const n = 64 + int(r, 400);
    let s = '';
    for (let i = 0; i < n; i++) s += pick(r, ['A', 'B', 'F', '0', '9', 'é', '😀']);
    return s;
  }
  return pick(r, ['', 'x', 'hello', 'user-1', 'user-2', '#FF0000']);
}

export function randomScalar(r: Random): Json {
  switch (int(r, 5)) {
    case 0:
      return null;
    case 1:
      return r() < 0.5;
    case 2:
      return int(r, 2000) - 1000;
    case 3:
      return r() * 1e6;
    default:
      return randomString(r);
  }
}

export function randomValue(r: Random, depth = 0): Json {
  const k = depth >= 3 ? 0 : int(r, 6);
  if (k <= 2) return randomScalar(r);
  if (k === 3) return randomObject(r, depth + 1);
  const n = int(r, 3) === 0 ? 20 + int(r, 60) : int(r, 6);
  return Array.from({ length: n }, () => (int(r, 4) === 0 ? randomValue(r, depth + 1) : randomScalar(r)));
}

export function randomObject(r: Random, depth = 0): JsonObject {
  const out: JsonObject = {};
  const n = int(r, 5);
  for (let i = 0; i < n; i++) out[pick(r, KEYS)] = randomValue(r, depth);
  return out;
}

/** A copy of `v` with a few random edits (never mutates `v`); may return `v` itself unchanged. */
export function edited(r: Random, v: Json, depth = 0): Json {
  if (int(r, 8) === 0) return randomValue(r, depth); // replaced, maybe by another type
  if (typeof v === 'string') {
    if (v.length === 0 || int(r, 3) === 0) return v;
    const at = int(r, v.length);
    const cut = int(r, 4);
    return v.slice(0, at) + (int(r, 2) === 0 ? randomString(r).slice(0, 8) : '') + v.slice(at + cut);
  }
  if (Array.isArray(v)) {
    const out = v.slice();
    const edits = 1 + int(r, 3);
    for (let e = 0; e < edits; e++) {
      const op = int(r, 5);
      if (op === 0) out.push(randomValue(r, depth + 1));
      else if (op === 1)
        out.length = int(r, out.length + 1); // truncated
      else if (op === 2 && out.length > 0)
        out.splice(int(r, out.length), 1); // shifted
      else if (out.length > 0) {
        const i = int(r, out.length);
        out[i] = edited(r, out[i] as Json, depth + 1);
      }
    }
    return out;
  }
  if (v !== null && typeof v === 'object') {
    let keys = Object.keys(v);
    const out: JsonObject = {};
    if (int(r, 4) === 0) keys = keys.reverse(); // fields reordered
    for (const k of keys) {
      if (int(r, 6) === 0) continue; // field removed
      out[k] = int(r, 3) === 0 ? edited(r, v[k] as Json, depth + 1) : (v[k] as Json);
    }
    if (int(r, 3) === 0) out[pick(r, KEYS)] = randomValue(r, depth + 1); // field added or set
    return out;
  }
  return int(r, 2) === 0 ? v : randomScalar(r);
}
