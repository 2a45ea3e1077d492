/**
 * Changes between two stored values, as the log records them (files.ts, `u` records): an update of a
 * large document logs what changed, not the whole document, and replay applies the changes in order.
 *
 * A patch is a small JSON array, tagged by its first element:
 *
 *   [0, value]                          the value is replaced (or a field added)
 *   [1, [[key, patch]...], unset?, order?]
 *                                       an object: fields changed or added, fields removed, and the
 *                                       field order when it is not "the kept fields in their old
 *                                       order, then the added ones in patch order"
 *   [2, keep, [[index, patch]...], appended]
 *                                       an array: its first `keep` elements kept (some patched), the
 *                                       rest dropped, then `appended` added (arrays grow and shrink)
 *   [3, start, deleted, inserted]       a string: `deleted` characters at `start` replaced
 *
 * `diffValues(a, b)` is undefined exactly when `deepEqual(a, b)` (values.ts: same keys in the same
 * order), and `applyPatch(a, diffValues(a, b))` deep-equals `b` with the same field order. Unchanged
 * subtrees are compared by identity first (documents share structure between versions), so a diff
 * costs in proportion to what was rebuilt, not to the document. `applyPatch` returns a new value
 * (sharing unchanged parts with `before`) and throws PatchError on a patch that does not fit `before`.
 */
import { isPlainObject, type Json, type JsonObject } from './values.js';

export type Patch =
  | [0, Json]
  | [1, [string, Patch][]]
  | [1, [string, Patch][], string[]]
  | [1, [string, Patch][], string[], string[]]
  | [2, number, [number, Patch][], Json[]]
  | [3, number, number, string];

/** A patch that cannot be applied to the value it is meant for (corruption of the log). */
export class PatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PatchError';
  }
}

/** Strings shorter than this are replaced whole. */
const MIN_SPLICE = 64;
/** A splice must save at least this many characters over replacing the string. */
const MIN_SAVING = 32;
/** Strings are compared this many characters at a time before character by character. */
const BLOCK = 128;

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** The patch that turns `a` into `b`, or undefined when they are equal (MongoDB equality). */
export function diffValues(a: Json, b: Json): Patch | undefined {
  if (a === b) return undefined;
  if (typeof a === 'string' && typeof b === 'string') return diffString(a, b);
  if (Array.isArray(a)) return Array.isArray(b) ? diffArray(a, b) : [0, b];
  if (isPlainObject(a) && isPlainObject(b)) return diffObject(a as JsonObject, b as JsonObject);
  return [0, b];
}

function diffString(a: string, b: string): Patch {
  const la = a.length;
  const lb = b.length;
  if (la < MIN_SPLICE || lb < MIN_SPLICE) return [0, b];
  const n = Math.min(la, lb);
  // Blocks first (a comparison of two slices is one memory compare, no character loop), then the
  // characters of the block that differs.
  let start = 0;
  while (start + BLOCK <= n && a.slice(start, start + BLOCK) === b.slice(start, start + BLOCK))
    start += BLOCK;
  while (start < n && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let end = 0;
  while (
    end + BLOCK <= n - start &&
    a.slice(la - end - BLOCK, la - end) === b.slice(lb - end - BLOCK, lb - end)
  )
    end += BLOCK;
  while (end < n - start && a.charCodeAt(la - 1 - end) === b.charCodeAt(lb - 1 - end)) end++;
  if (start + end < MIN_SAVING) return [0, b];
  return [3, start, la - start - end, b.slice(start, lb - end)];
}

function diffArray(a: Json[], b: Json[]): Patch | undefined {
  const keep = Math.min(a.length, b.length);
  const changes: [number, Patch][] = [];
  // past this many changed elements the whole array is smaller to log and cheaper to replay
  const most = keep >> 1;
  for (let i = 0; i < keep; i++) {
    const x = a[i] as Json;
    const y = b[i] as Json;
    if (x === y) continue;
    const p = diffValues(x, y);
    if (p === undefined) continue;
    if (changes.push([i, p]) > most) return [0, b];
  }
  if (changes.length === 0 && a.length === b.length) return undefined;
  return [2, keep, changes, b.length > keep ? b.slice(keep) : []];
}

function diffObject(a: JsonObject, b: JsonObject): Patch | undefined {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const sets: [string, Patch][] = [];
  const added: string[] = [];
  for (const k of kb) {
    if (hasOwn(a, k)) {
      const p = diffValues(a[k] as Json, b[k] as Json);
      if (p !== undefined) sets.push([k, p]);
    } else {
      sets.push([k, [0, b[k] as Json]]);
      added.push(k);
    }
  }
  const unset = ka.filter((k) => !hasOwn(b, k));
  const derived = ka.filter((k) => hasOwn(b, k));
  derived.push(...added);
  let sameOrder = derived.length === kb.length;
  for (let i = 0; sameOrder && i < kb.length; i++) sameOrder = derived[i] === kb[i];
  if (sets.length === 0 && unset.length === 0 && sameOrder) return undefined;
  if (!sameOrder) return [1, sets, unset, kb];
  return unset.length > 0 ? [1, sets, unset] : [1, sets];
}

/** `before` with `patch` applied: a new value, sharing unchanged parts with `before`. */
export function applyPatch(before: Json | undefined, patch: unknown): Json {
  if (!Array.isArray(patch)) throw new PatchError('a patch must be an array');
  switch (patch[0]) {
    case 0:
      if (patch.length !== 2) throw new PatchError('a replacement takes one value');
      return patch[1] as Json;
    case 1:
      return applyObject(before, patch);
    case 2:
      return applyArray(before, patch);
    case 3:
      return applyString(before, patch);
    default:
      throw new PatchError(`unknown patch kind ${JSON.stringify(patch[0])}`);
  }
}

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');
const isCount = (v: unknown, max: number): v is number =>
  Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= max;

function applyObject(before: Json | undefined, patch: unknown[]): JsonObject {
  if (!isPlainObject(before)) throw new PatchError('an object patch needs an object');
  const [, sets, unset = [], order] = patch;
  if (
    patch.length > 4 ||
    !Array.isArray(sets) ||
    !isStringArray(unset) ||
    !(order === undefined || isStringArray(order))
  )
    throw new PatchError('a malformed object patch');
  const changed = new Map<string, unknown>();
  for (const pair of sets) {
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string' || changed.has(pair[0]))
      throw new PatchError('a malformed field patch');
    changed.set(pair[0], pair[1]);
  }
  const gone = new Set(unset);
  const keys = order ?? [
    ...Object.keys(before).filter((k) => !gone.has(k)),
    ...[...changed.keys()].filter((k) => !hasOwn(before, k)),
  ];
  const out: JsonObject = {};
  for (const k of keys) {
    if (k === '__proto__' || hasOwn(out, k)) throw new PatchError(`a malformed field order at '${k}'`);
    const old = hasOwn(before, k) && !gone.has(k) ? (before[k] as Json) : undefined;
    const p = changed.get(k);
    if (p !== undefined) out[k] = applyPatch(old, p);
    else if (old !== undefined) out[k] = old;
    else throw new PatchError(`the field '${k}' has no value`);
  }
  for (const k of changed.keys())
    if (!hasOwn(out, k)) throw new PatchError(`the patched field '${k}' is not in the field order`);
  return out;
}

function applyArray(before: Json | undefined, patch: unknown[]): Json[] {
  if (!Array.isArray(before)) throw new PatchError('an array patch needs an array');
  const [, keep, changes, appended] = patch;
  if (
    patch.length !== 4 ||
    !isCount(keep, before.length) ||
    !Array.isArray(changes) ||
    !Array.isArray(appended)
  )
    throw new PatchError('a malformed array patch');
  const out = before.slice(0, keep);
  for (const pair of changes) {
    if (!Array.isArray(pair) || pair.length !== 2 || !isCount(pair[0], keep - 1))
      throw new PatchError('a malformed element patch');
    const i = pair[0] as number;
    out[i] = applyPatch(out[i], pair[1]);
  }
  for (const v of appended as Json[]) out.push(v);
  return out;
}

function applyString(before: Json | undefined, patch: unknown[]): string {
  if (typeof before !== 'string') throw new PatchError('a string patch needs a string');
  const [, start, deleted, inserted] = patch;
  if (
    patch.length !== 4 ||
    !isCount(start, before.length) ||
    !isCount(deleted, before.length - (start as number)) ||
    typeof inserted !== 'string'
  )
    throw new PatchError('a malformed string patch');
  return before.slice(0, start) + inserted + before.slice((start as number) + (deleted as number));
}
