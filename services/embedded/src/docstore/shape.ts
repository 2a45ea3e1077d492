/**
 * Result shaping of the embedded store: sort orders and projections, with MongoDB's semantics.
 *
 * Sort: keys in priority order, 1 ascending / -1 descending, compared in MongoDB's type order
 * (null and missing first, then numbers, strings, objects, arrays, booleans). An array field sorts by
 * its smallest element ascending and its largest descending, as MongoDB does. Ties keep insertion
 * order, so paging with skip/limit over a sort is stable.
 *
 * Projection: inclusion (`{a: 1, 'b.c': 1}`, `_id` kept unless `_id: 0`) or exclusion
 * (`{a: 0}`); mixing the two (other than `_id`) is refused, as MongoDB does. Dotted paths apply to
 * each document of an array.
 */
import { InvalidOperationError } from './errors.js';
import { collectValues, splitPath } from './paths.js';
import { cloneJson, compareValues, isPlainObject, type Json, type JsonObject } from './values.js';

export type Comparator = (a: JsonObject, b: JsonObject) => number;

/** Sorts a copy of `docs` (stable); returns `docs` itself when `sort` is empty. */
export function sortDocs(docs: JsonObject[], sort: unknown): JsonObject[] {
  const keys = compileSort(sort);
  if (keys.length === 0) return docs;
  const decorated = docs.map((doc, i) => ({
    doc,
    i,
    k: keys.map(({ parts, dir }) => sortKey(doc, parts, dir)),
  }));
  decorated.sort((x, y) => {
    for (let j = 0; j < keys.length; j++) {
      const c = compareValues(x.k[j], y.k[j]);
      if (c !== 0) return c * (keys[j] as SortKey).dir;
    }
    return x.i - y.i;
  });
  return decorated.map((d) => d.doc);
}

interface SortKey {
  parts: string[];
  dir: 1 | -1;
}

/** Validates a sort document into its keys (an empty or absent sort gives none). */
export function compileSort(sort: unknown): SortKey[] {
  if (sort === undefined || sort === null) return [];
  if (!isPlainObject(sort)) throw new InvalidOperationError('sort must be an object of field: 1 | -1');
  return Object.keys(sort).map((path) => {
    const dir = sort[path];
    if (dir !== 1 && dir !== -1) throw new InvalidOperationError(`sort.${path} must be 1 or -1`);
    return { parts: splitPath(path), dir };
  });
}

function sortKey(doc: JsonObject, parts: string[], dir: 1 | -1): unknown {
  const flat: unknown[] = [];
  for (const v of collectValues(doc, parts)) {
    if (Array.isArray(v)) flat.push(...v);
    else flat.push(v);
  }
  if (flat.length === 0) return null;
  let best = flat[0];
  for (let i = 1; i < flat.length; i++) {
    const c = compareValues(flat[i], best);
    if (dir === 1 ? c < 0 : c > 0) best = flat[i];
  }
  return best ?? null;
}

type Tree = Map<string, Tree | true>;

/**
 * Compiles a projection into a function returning a new document (never sharing structure with the
 * input). Returns a plain deep copy function when there is nothing to project.
 */
export function compileProjection(projection: unknown): (doc: JsonObject) => JsonObject {
  if (projection === undefined || projection === null) return cloneJson;
  if (!isPlainObject(projection))
    throw new InvalidOperationError('projection must be an object of field: 0 | 1');
  const fields = Object.keys(projection);
  if (fields.length === 0) return cloneJson;
  let mode: 'include' | 'exclude' | undefined;
  let keepId = true;
  const tree: Tree = new Map();
  for (const path of fields) {
    const raw = projection[path];
    if (raw !== 0 && raw !== 1 && raw !== true && raw !== false)
      throw new InvalidOperationError(`projection.${path} must be 0 or 1`);
    const include = raw === 1 || raw === true;
    if (path === '_id') {
      keepId = include;
      continue;
    }
    const m = include ? 'include' : 'exclude';
    if (mode && mode !== m)
      throw new InvalidOperationError('a projection cannot mix inclusion and exclusion (except for _id)');
    mode = m;
    addPath(tree, splitPath(path), path);
  }
  if (mode === undefined) mode = keepId ? 'include' : 'exclude';
  if (mode === 'include') {
    if (keepId) tree.set('_id', true);
    return (doc) => include(doc, tree);
  }
  if (!keepId) tree.set('_id', true);
  return (doc) => exclude(doc, tree);
}

function addPath(tree: Tree, parts: string[], path: string): void {
  let node = tree;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const last = i === parts.length - 1;
    const existing = node.get(part);
    if (existing === true || (last && existing !== undefined))
      throw new InvalidOperationError(`projection path collision at '${path}'`);
    if (last) node.set(part, true);
    else {
      const next: Tree = existing ?? new Map();
      node.set(part, next);
      node = next;
    }
  }
}

function include(doc: JsonObject, tree: Tree): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(doc)) {
    const rule = tree.get(key);
    if (rule === undefined) continue;
    const v = doc[key] as Json;
    if (rule === true) out[key] = cloneJson(v);
    else if (isPlainObject(v)) out[key] = include(v as JsonObject, rule);
    else if (Array.isArray(v)) out[key] = includeArray(v, rule);
  }
  return out;
}

function includeArray(arr: Json[], tree: Tree): Json[] {
  const out: Json[] = [];
  for (const item of arr) {
    if (isPlainObject(item)) out.push(include(item as JsonObject, tree));
    else if (Array.isArray(item)) out.push(includeArray(item, tree));
  }
  return out;
}

function exclude(doc: JsonObject, tree: Tree): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(doc)) {
    const rule = tree.get(key);
    const v = doc[key] as Json;
    if (rule === true) continue;
    if (rule === undefined) out[key] = cloneJson(v);
    else if (isPlainObject(v)) out[key] = exclude(v as JsonObject, rule);
    else if (Array.isArray(v))
      out[key] = v.map((item) => (isPlainObject(item) ? exclude(item as JsonObject, rule) : cloneJson(item)));
    else out[key] = cloneJson(v);
  }
  return out;
}
