/**
 * Which documents a query reads before its filter is matched: by `_id` or a single-field unique
 * index when possible, else the fewest a non-unique index's first field gives for a scalar equality
 * or a `$in` of scalars, else every document. A single document found by id or unique key is kept in
 * memory (an update is likely to follow); the others are read without being kept (doc-table.ts).
 */
import type { Filter, IndexSpec } from '@tessera/kit';
import type { DocTable } from './doc-table.js';
import type { EqualityIndex } from './equality-index.js';
import { scalarEquality, scalarIn } from './filter.js';
import type { UniqueIndex } from './unique-index.js';
import type { JsonObject } from './values.js';

/** One index of a collection: its spec, and the structure that answers lookups by it. */
export interface CollectionIndex {
  spec: IndexSpec;
  unique?: UniqueIndex;
  equality?: EqualityIndex;
}

export function candidates(
  docs: DocTable,
  indexes: Iterable<CollectionIndex>,
  filter: Filter<unknown>,
): Iterable<JsonObject> {
  const id = scalarEquality(filter, '_id');
  if (id !== undefined) return single(typeof id === 'string' ? docs.get(id) : undefined);
  let fewest: ReadonlySet<string>[] | undefined;
  let fewestSize = Infinity;
  for (const { spec, unique, equality } of indexes) {
    if (unique) {
      const fields = Object.keys(spec.fields);
      if (fields.length !== 1 || (fields[0] as string).includes('.')) continue;
      const value = scalarEquality(filter, fields[0] as string);
      if (value === undefined) continue;
      const owner = unique.ownerOf(value);
      return single(owner === undefined ? undefined : docs.get(owner));
    }
    if (!equality) continue;
    const value = scalarEquality(filter, equality.field);
    const values = value === undefined ? scalarIn(filter, equality.field) : [value];
    if (values === undefined) continue;
    const sets = values.map((v) => equality.idsOf(v));
    const size = sets.reduce((n, ids) => n + ids.size, 0);
    if (size < fewestSize) [fewest, fewestSize] = [sets, size];
  }
  if (!fewest) return docs.values();
  const ids =
    fewest.length === 1 ? (fewest[0] as ReadonlySet<string>) : new Set(fewest.flatMap((s) => [...s]));
  return peekAll(docs, ids);
}

const single = (doc: JsonObject | undefined): JsonObject[] => (doc ? [doc] : []);

function* peekAll(docs: DocTable, ids: ReadonlySet<string>): Iterable<JsonObject> {
  for (const id of ids) yield docs.peek(id) as JsonObject;
}
