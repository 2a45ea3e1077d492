/**
 * Unique indexes of the embedded store (single-field, compound and sparse), kept as maps from an
 * encoded key to the owning document's `_id`.
 *
 * Keys follow MongoDB: a missing field is indexed as null (so two documents without the field
 * collide) unless the index is sparse, in which case a document is indexed only when every indexed
 * field exists (MongoDB's partial index on `$exists: true`, null counting as present). An array value
 * indexes each element (multikey), and an empty array indexes as "undefined"; two array fields in one
 * compound index are refused ("parallel arrays"), as MongoDB does.
 *
 * A write is checked as one change set (`check`) before anything is written, then applied (`apply`),
 * so a refused write changes nothing and a write that swaps keys between documents is allowed.
 */
import type { IndexSpec } from '@tessera/kit';
import { DuplicateKeyError } from '@tessera/kit/ports';
import { InvalidOperationError } from './errors.js';
import { collectValues, splitPath } from './paths.js';
import type { JsonObject } from './values.js';

/** One document changing: inserted (no before), deleted (no after) or replaced. */
export interface Change {
  id: string;
  before?: JsonObject;
  after?: JsonObject;
}

/** MongoDB's default index name: `field_1_other_-1`. */
export function defaultIndexName(fields: Record<string, 1 | -1>): string {
  return Object.entries(fields)
    .map(([f, d]) => `${f}_${d}`)
    .join('_');
}

/** Checks an IndexSpec and returns its name. */
export function validateIndexSpec(spec: IndexSpec): string {
  const entries = Object.entries(spec?.fields ?? {});
  if (entries.length === 0) throw new InvalidOperationError('an index needs at least one field');
  for (const [field, dir] of entries) {
    splitPath(field);
    if (dir !== 1 && dir !== -1) throw new InvalidOperationError(`index field ${field} must be 1 or -1`);
  }
  return spec.name ?? defaultIndexName(spec.fields);
}

/** True when two specs describe the same index. */
export function sameIndex(a: IndexSpec, b: IndexSpec): boolean {
  const fa = Object.entries(a.fields);
  const fb = Object.entries(b.fields);
  return (
    fa.length === fb.length &&
    fa.every(([f, d], i) => fb[i]?.[0] === f && fb[i]?.[1] === d) &&
    Boolean(a.unique) === Boolean(b.unique) &&
    Boolean(a.sparse) === Boolean(b.sparse)
  );
}

/**
 * The key of a value in a single-field index: a string is its own key (the document's string, no
 * copy: an index of 20,000 orders' idempotency keys would otherwise hold 20,000 JSON-quoted copies),
 * anything else (and a string that starts with NUL) is NUL + its JSON, so no two values share a key.
 */
export const encodeKey = (v: unknown): string =>
  typeof v === 'string' && !v.startsWith('\0') ? v : `\0${v === undefined ? 'null' : JSON.stringify(v)}`;
/** One part of a compound index's key: its JSON (so the parts can be joined by a newline). */
const encodePart = (v: unknown): string => (v === undefined ? 'null' : JSON.stringify(v));

/**
 * The encoded keys of `doc` in an index of `fields` (split paths of `spec.fields`): none when a sparse
 * index skips it, one per element of an array value, one per combination in a compound index.
 */
export function indexKeys(
  name: string,
  spec: IndexSpec,
  fields: readonly string[][],
  doc: JsonObject,
): string[] {
  const perField: string[][] = [];
  const [encode, emptyArray] = fields.length === 1 ? [encodeKey, '\0~'] : [encodePart, '~'];
  let arrays = 0;
  for (const parts of fields) {
    const values = collectValues(doc, parts);
    const present = values.filter((v) => v !== undefined);
    if (spec.sparse && present.length === 0) return [];
    const encoded = new Set<string>();
    let isArray = false;
    for (const v of values) {
      if (Array.isArray(v)) {
        isArray = true;
        if (v.length === 0) encoded.add(emptyArray);
        for (const item of v) encoded.add(encode(item));
      } else {
        encoded.add(encode(v));
      }
    }
    if (values.length > 1) isArray = true;
    if (isArray && ++arrays > 1)
      throw new InvalidOperationError(`index ${name}: cannot index parallel arrays`);
    perField.push([...encoded]);
  }
  let keys: string[] = [''];
  for (let i = 0; i < perField.length; i++) {
    const next: string[] = [];
    for (const prefix of keys)
      for (const k of perField[i] as string[]) next.push(i === 0 ? k : `${prefix}\n${k}`);
    keys = next;
  }
  return keys;
}

export class UniqueIndex {
  readonly #owners = new Map<string, string>();
  readonly #fields: string[][];

  constructor(
    readonly collection: string,
    readonly name: string,
    readonly spec: IndexSpec,
  ) {
    this.#fields = Object.keys(spec.fields).map(splitPath);
  }

  get size(): number {
    return this.#owners.size;
  }

  /** The `_id` of the document holding `value` in this (single-field) index, if any. */
  ownerOf(value: string | number | boolean): string | undefined {
    return this.#owners.get(encodeKey(value));
  }

  /** The encoded keys of a document (none when a sparse index skips it). */
  keys(doc: JsonObject): string[] {
    return indexKeys(this.name, this.spec, this.#fields, doc);
  }

  /** Throws DuplicateKeyError if applying `changes` would give one key to two documents. */
  check(changes: readonly Change[]): void {
    const changed = new Set(changes.map((c) => c.id));
    const added = new Map<string, string>();
    for (const c of changes) {
      if (!c.after) continue;
      for (const k of this.keys(c.after)) {
        const other = added.get(k);
        const owner = this.#owners.get(k);
        if (
          (other !== undefined && other !== c.id) ||
          (owner !== undefined && owner !== c.id && !changed.has(owner))
        )
          throw new DuplicateKeyError(this.collection, this.name);
        added.set(k, c.id);
      }
    }
  }

  /** Applies checked changes. */
  apply(changes: readonly Change[]): void {
    for (const c of changes)
      if (c.before)
        for (const k of this.keys(c.before)) if (this.#owners.get(k) === c.id) this.#owners.delete(k);
    for (const c of changes) if (c.after) for (const k of this.keys(c.after)) this.#owners.set(k, c.id);
  }
}
