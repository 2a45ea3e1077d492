/**
 * Dotted paths ("owner.name", "pixels.12") as MongoDB reads and writes them.
 *
 * Reading for a query (`collectValues`) fans out through arrays: "a.b" on `{a: [{b: 1}, {b: 2}]}`
 * yields 1 and 2, and a numeric part indexes into an array. A branch that ends on a missing field
 * yields `undefined`, which is how `{x: null}` and `$exists` see missing fields.
 *
 * Writing for an update (`setAt`, `unsetAt`, `getAt`) follows one branch only: objects by key, arrays
 * by numeric index (padding with null as MongoDB does), and missing intermediate objects are created.
 * Writing through a scalar or through an array by a non-numeric key is refused, as MongoDB does.
 */
import { InvalidOperationError } from './errors.js';
import { isPlainObject, type Json, type JsonObject } from './values.js';

/** MongoDB refuses to pad an array by more than this many elements. */
const MAX_PADDING = 1_500_000;

const INDEX = /^(0|[1-9][0-9]*)$/;
export const isIndex = (part: string): boolean => INDEX.test(part);

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** Splits and checks a dotted path (no empty parts, no `$` parts, no `__proto__`). */
export function splitPath(path: string): string[] {
  if (typeof path !== 'string' || path === '')
    throw new InvalidOperationError('a field path must be a non-empty string');
  const parts = path.split('.');
  for (const part of parts) {
    if (part === '') throw new InvalidOperationError(`the field path '${path}' has an empty part`);
    if (part.startsWith('$'))
      throw new InvalidOperationError(`the field path '${path}' uses '${part}', which is not supported`);
    if (part === '__proto__') throw new InvalidOperationError(`the field path '${path}' is not allowed`);
  }
  return parts;
}

/** Every value a query path reaches in `root`; `undefined` for each branch that ends on a missing field. */
export function collectValues(root: unknown, parts: readonly string[]): unknown[] {
  const out: unknown[] = [];
  collect(root, parts, 0, out);
  return out;
}

function collect(value: unknown, parts: readonly string[], i: number, out: unknown[]): void {
  if (i === parts.length) {
    out.push(value);
    return;
  }
  const part = parts[i] as string;
  if (Array.isArray(value)) {
    let reached = false;
    const index = isIndex(part);
    if (index && Number(part) < value.length) {
      collect(value[Number(part)], parts, i + 1, out);
      reached = true;
    }
    // MongoDB also looks for the field in each embedded document of the array (for a numeric part,
    // only in documents that have a field of that name).
    for (const item of value) {
      if (isPlainObject(item) && (!index || hasOwn(item, part))) {
        collect(item, parts, i, out);
        reached = true;
      }
    }
    if (!reached) out.push(undefined);
    return;
  }
  if (isPlainObject(value) && hasOwn(value, part)) {
    collect(value[part], parts, i + 1, out);
    return;
  }
  out.push(undefined);
}

/** The value at a path following a single branch (no fan-out through arrays); undefined when missing. */
export function getAt(root: Json, parts: readonly string[]): Json | undefined {
  let cur: Json | undefined = root;
  for (const part of parts) {
    if (Array.isArray(cur)) {
      if (!isIndex(part)) return undefined;
      cur = cur[Number(part)];
    } else if (isPlainObject(cur)) {
      cur = hasOwn(cur, part) ? cur[part] : undefined;
    } else {
      return undefined;
    }
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** The container that holds the last part of `parts`, creating missing objects on the way. */
function parentFor(root: JsonObject, parts: readonly string[], path: string): JsonObject | Json[] {
  let cur: JsonObject | Json[] = root;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i] as string;
    let next: Json | undefined;
    if (Array.isArray(cur)) {
      if (!isIndex(part))
        throw new InvalidOperationError(
          `${path}: cannot create field '${part}' in an array (use a numeric index)`,
        );
      const idx = Number(part);
      next = cur[idx];
      if (next === undefined) {
        pad(cur, idx, path);
        next = {};
        cur[idx] = next;
      }
    } else {
      next = hasOwn(cur, part) ? cur[part] : undefined;
      if (next === undefined) {
        next = {};
        cur[part] = next;
      }
    }
    if (next === null || typeof next !== 'object')
      throw new InvalidOperationError(
        `${path}: cannot create field '${parts[i + 1]}' in element {${part}: ${JSON.stringify(next)}}`,
      );
    cur = next;
  }
  return cur;
}

function pad(arr: Json[], idx: number, path: string): void {
  if (idx - arr.length > MAX_PADDING)
    throw new InvalidOperationError(`${path}: cannot pad an array by more than ${MAX_PADDING} elements`);
  while (arr.length < idx) arr.push(null);
}

/** Sets the value at a path (mutates `root`, which must be a private copy). */
export function setAt(root: JsonObject, parts: readonly string[], value: Json, path: string): void {
  const parent = parentFor(root, parts, path);
  const last = parts[parts.length - 1] as string;
  if (Array.isArray(parent)) {
    if (!isIndex(last))
      throw new InvalidOperationError(
        `${path}: cannot create field '${last}' in an array (use a numeric index)`,
      );
    const idx = Number(last);
    if (idx > parent.length) pad(parent, idx, path);
    parent[idx] = value;
  } else {
    parent[last] = value;
  }
}

/** Removes the value at a path; an array element becomes null, as with MongoDB. Missing paths are a no-op. */
export function unsetAt(root: JsonObject, parts: readonly string[]): void {
  const parentParts = parts.slice(0, -1);
  const parent = parentParts.length === 0 ? root : getAt(root, parentParts);
  const last = parts[parts.length - 1] as string;
  if (Array.isArray(parent)) {
    if (isIndex(last) && Number(last) < parent.length) parent[Number(last)] = null;
  } else if (isPlainObject(parent) && hasOwn(parent, last)) {
    delete parent[last];
  }
}

/** True when `a` equals `b` or one is a dotted prefix of the other (MongoDB refuses such updates). */
export function pathsConflict(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}
