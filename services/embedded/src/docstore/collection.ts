/**
 * One collection of the embedded document store: its documents (doc-table.ts: by id in insertion
 * order, the natural order; the most recently used in memory, the rest in a spill file), indexes, and
 * the collection's files.
 *
 * Atomicity: every method does all of its work synchronously inside its promise (compile the filter
 * and update, find, compute the new documents, check unique indexes, append the log record, swap the
 * documents in). Nothing else can run in between, so a filter + update is a true compare-and-set, and
 * a refused or failed write changes nothing: the log record is appended before memory is touched, and
 * memory is only touched once the append succeeded.
 *
 * Isolation: stored documents are immutable, never changed in place once stored, so versions of a
 * document may share structure. Inputs are deep-copied (and checked) on the way in, results are
 * deep-copied on the way out. An update copies the document's top level and the top-level fields it
 * touches, and applies itself to that copy; a replacement is copied sharing every part that did not
 * change with the stored document. That also lets compaction serialise a point-in-time view without
 * blocking writes.
 *
 * Logging: an insert logs the whole document, an update or a replacement of a stored document only
 * its patch against the stored version (diff.ts), a delete its id (files.ts).
 */
import crypto from 'node:crypto';
import type {
  Logger,
  Collection,
  Doc,
  Filter,
  FindOptions,
  IndexSpec,
  Sort,
  Update,
  UpdateResult,
} from '@tessera/kit';
import { DuplicateKeyError } from '@tessera/kit/ports';
import { InvalidOperationError, StoreUnavailableError } from './errors.js';
import { diffValues, type Patch } from './diff.js';
import type { CollectionFiles, LogRecord } from './files.js';
import type { DocTable } from './doc-table.js';
import { candidates, type CollectionIndex } from './candidates.js';
import { compileFilter, equalitySeed, scalarEquality } from './filter.js';
import { setAt, splitPath } from './paths.js';
import { compileProjection, sortDocs } from './shape.js';
import { EqualityIndex } from './equality-index.js';
import { sameIndex, UniqueIndex, validateIndexSpec, type Change } from './unique-index.js';
import { compileUpdate } from './update.js';
import {
  cloneJson,
  isPlainObject,
  toStorable,
  toStorableOver,
  type Json,
  type JsonObject,
} from './values.js';

const ID_INDEX = '_id_';

/** A change to commit: an insert (after only), a delete (before only) or an update (both, and its patch). */
type Write = Change & { patch?: Patch };

export class EmbeddedCollection<T extends Doc> implements Collection<T> {
  readonly #docs: DocTable;
  readonly #indexes = new Map<string, CollectionIndex>();
  #compaction: Promise<void> | undefined;
  #closed = false;

  constructor(
    readonly name: string,
    private readonly files: CollectionFiles,
    docs: DocTable,
    private readonly logger: Logger | undefined,
  ) {
    this.#docs = docs;
  }

  /** Adds indexes (idempotent); a unique index the data already violates is refused like MongoDB. */
  ensureIndexes(specs: readonly IndexSpec[]): void {
    for (const spec of specs) {
      const name = validateIndexSpec(spec);
      const existing = this.#indexes.get(name);
      if (existing) {
        if (!sameIndex(existing.spec, spec))
          throw new InvalidOperationError(
            `collection ${this.name}: index ${name} already exists with other options`,
          );
        continue;
      }
      const copy: IndexSpec = { ...spec, fields: { ...spec.fields } };
      const all: Change[] = [...this.#docs.values()].map((after) => ({ id: after._id as string, after }));
      if (!spec.unique) {
        // a lookup by its first field (equality-index.ts), unless that field is a nested path
        const first = Object.keys(copy.fields)[0] as string;
        const equality = first.includes('.') ? undefined : new EqualityIndex(name, first);
        equality?.apply(all);
        this.#indexes.set(name, { spec: copy, ...(equality ? { equality } : {}) });
        continue;
      }
      const unique = new UniqueIndex(this.name, name, copy);
      unique.check(all);
      unique.apply(all);
      this.#indexes.set(name, { spec: copy, unique });
    }
  }

  async insertOne(doc: T): Promise<void> {
    this.#open();
    const stored = storableDocument(doc, 'document');
    this.#commit([{ id: stored._id as string, after: stored }]);
  }

  async findOne(filter: Filter<T>, options?: Pick<FindOptions, 'sort' | 'projection'>): Promise<T | null> {
    this.#open();
    const project = compileProjection(options?.projection);
    const doc = this.#first(filter, options?.sort);
    return doc ? (project(doc) as unknown as T) : null;
  }

  async find(filter: Filter<T>, options: FindOptions = {}): Promise<T[]> {
    this.#open();
    const project = compileProjection(options.projection);
    const skip = count(options.skip, 'skip');
    const limit = count(options.limit, 'limit');
    const sorted = sortDocs(this.#matching(filter), options.sort);
    const page = sorted.slice(skip, limit > 0 ? skip + limit : undefined);
    return page.map((d) => project(d) as unknown as T);
  }

  /** How many documents a query with `filter` reads before matching (an index narrows them). */
  examined(filter: Filter<T>): number {
    this.#open();
    let n = 0;
    for (const _ of this.#candidates(filter)) n++;
    return n;
  }

  async countDocuments(filter: Filter<T>): Promise<number> {
    this.#open();
    return this.#matching(filter).length;
  }

  async updateOne(filter: Filter<T>, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult> {
    this.#open();
    const apply = compileUpdate(update);
    const doc = this.#first(filter, undefined);
    if (doc) return { matchedCount: 1, modifiedCount: this.#modify(doc, apply) ? 1 : 0 };
    if (!options?.upsert) return { matchedCount: 0, modifiedCount: 0 };
    const inserted = this.#upsert(filter, apply);
    return { matchedCount: 0, modifiedCount: 0, upsertedId: inserted._id as string };
  }

  async updateMany(filter: Filter<T>, update: Update): Promise<UpdateResult> {
    this.#open();
    const apply = compileUpdate(update);
    const matched = this.#matching(filter);
    const changes: Write[] = [];
    for (const before of matched) {
      const change = this.#updated(before, apply);
      if (change) changes.push(change);
    }
    if (changes.length > 0) this.#commit(changes);
    return { matchedCount: matched.length, modifiedCount: changes.length };
  }

  async findOneAndUpdate(
    filter: Filter<T>,
    update: Update,
    options: { upsert?: boolean; returnDocument?: 'before' | 'after'; sort?: Sort } = {},
  ): Promise<T | null> {
    this.#open();
    const apply = compileUpdate(update);
    const after = options.returnDocument !== 'before';
    const doc = this.#first(filter, options.sort);
    if (doc) {
      this.#modify(doc, apply);
      return cloneJson(after ? (this.#docs.peek(doc._id as string) as JsonObject) : doc) as unknown as T;
    }
    if (!options.upsert) return null;
    const inserted = this.#upsert(filter, apply);
    return after ? (cloneJson(inserted) as unknown as T) : null;
  }

  async replaceOne(filter: Filter<T>, doc: T, options?: { upsert?: boolean }): Promise<UpdateResult> {
    this.#open();
    const match = compileFilter(filter);
    const before = this.#first(filter, undefined, match);
    // a checked copy of the caller's document that shares its unchanged parts with the stored one
    const replacement = before ? toStorableOver(doc, before, 'replacement') : toStorable(doc, 'replacement');
    if (!isPlainObject(replacement)) throw new InvalidOperationError('a replacement must be a plain object');
    for (const key of Object.keys(replacement))
      if (key.startsWith('$'))
        throw new InvalidOperationError(`a replacement cannot contain operators ('${key}')`);
    if (before) {
      const id = before._id as string;
      if (replacement._id !== undefined && replacement._id !== id)
        throw new InvalidOperationError(`replaceOne would change the immutable field _id`);
      const { _id: _ignored, ...rest } = replacement;
      const after: JsonObject = { _id: id, ...rest };
      const patch = diffValues(before, after);
      if (patch === undefined) return { matchedCount: 1, modifiedCount: 0 };
      this.#commit([{ id, before, after, patch }]);
      return { matchedCount: 1, modifiedCount: 1 };
    }
    if (!options?.upsert) return { matchedCount: 0, modifiedCount: 0 };
    const seededId = scalarEquality(filter, '_id');
    const id = replacement._id ?? (typeof seededId === 'string' ? seededId : newId());
    const { _id: _ignored, ...rest } = replacement;
    const inserted = storableDocument({ _id: id, ...rest }, 'replacement');
    this.#commit([{ id: inserted._id as string, after: inserted }]);
    return { matchedCount: 0, modifiedCount: 0, upsertedId: inserted._id as string };
  }

  async deleteOne(filter: Filter<T>): Promise<{ deletedCount: number }> {
    this.#open();
    const doc = this.#first(filter, undefined);
    if (!doc) return { deletedCount: 0 };
    this.#commit([{ id: doc._id as string, before: doc }]);
    return { deletedCount: 1 };
  }

  async deleteMany(filter: Filter<T>): Promise<{ deletedCount: number }> {
    this.#open();
    const docs = this.#matching(filter);
    if (docs.length > 0) this.#commit(docs.map((before) => ({ id: before._id as string, before })));
    return { deletedCount: docs.length };
  }

  /** Compacts now (after any compaction in progress); resolves when the new snapshot is in place. */
  async compact(): Promise<void> {
    this.#open();
    await this.#compaction?.catch(() => undefined);
    this.#startCompaction();
    await this.#compaction;
  }

  /** Waits for a running compaction, then flushes and closes the files. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#compaction?.catch(() => undefined);
    try {
      this.files.close();
    } finally {
      this.#docs.close();
    }
  }

  #open(): void {
    if (this.#closed) throw new StoreUnavailableError(`collection ${this.name} is closed`);
  }

  /** The documents a query with `filter` reads (candidates.ts). */
  #candidates(filter: Filter<T>): Iterable<JsonObject> {
    return candidates(this.#docs, this.#indexes.values(), filter as Filter<unknown>);
  }

  #matching(filter: Filter<T>): JsonObject[] {
    const match = compileFilter(filter);
    const out: JsonObject[] = [];
    for (const doc of this.#candidates(filter)) if (match(doc)) out.push(doc);
    return out;
  }

  #first(filter: Filter<T>, sort: Sort | undefined, match = compileFilter(filter)): JsonObject | undefined {
    if (sort && Object.keys(sort).length > 0) {
      const all: JsonObject[] = [];
      for (const doc of this.#candidates(filter)) if (match(doc)) all.push(doc);
      return sortDocs(all, sort)[0];
    }
    for (const doc of this.#candidates(filter)) if (match(doc)) return doc;
    return undefined;
  }

  /**
   * The update of `before` (its new version and patch), or undefined when it changes nothing. The new
   * version copies only the top level and the top-level fields the update touches (copy-on-write):
   * everything else is shared with `before`, which is never mutated.
   */
  #updated(before: JsonObject, apply: ReturnType<typeof compileUpdate>): Write | undefined {
    const after: JsonObject = { ...before };
    for (const root of apply.roots)
      if (Object.prototype.hasOwnProperty.call(before, root)) after[root] = cloneJson(before[root] as Json);
    apply.apply(after, false);
    if (after._id !== before._id)
      throw new InvalidOperationError('an update cannot change the immutable field _id');
    const patch = diffValues(before, after);
    return patch === undefined ? undefined : { id: before._id as string, before, after, patch };
  }

  #modify(before: JsonObject, apply: ReturnType<typeof compileUpdate>): boolean {
    const change = this.#updated(before, apply);
    if (!change) return false;
    this.#commit([change]);
    return true;
  }

  /** Inserts the document an upsert builds: the filter's equality fields, then the update. */
  #upsert(filter: Filter<T>, apply: ReturnType<typeof compileUpdate>): JsonObject {
    const doc: JsonObject = {};
    for (const [path, value] of equalitySeed(filter)) setAt(doc, splitPath(path), cloneJson(value), path);
    apply.apply(doc, true);
    const stored = storableDocument(
      doc._id === undefined ? { _id: newId(), ...doc } : doc,
      'upserted document',
    );
    this.#commit([{ id: stored._id as string, after: stored }]);
    return stored;
  }

  /** Checks every unique constraint, logs the change durably, then applies it in memory. */
  #commit(changes: Write[]): void {
    for (const c of changes)
      if (!c.before && c.after && this.#docs.has(c.id)) throw new DuplicateKeyError(this.name, ID_INDEX);
    for (const { unique } of this.#indexes.values()) unique?.check(changes);
    const record: LogRecord = {};
    const puts: JsonObject[] = [];
    const patches: [string, Patch][] = [];
    const dels: string[] = [];
    for (const c of changes) {
      if (!c.after) dels.push(c.id);
      else if (c.before && c.patch) patches.push([c.id, c.patch]);
      else puts.push(c.after);
    }
    if (puts.length > 0) record.p = puts;
    if (patches.length > 0) record.u = patches;
    if (dels.length > 0) record.d = dels;
    this.files.append(record);
    for (const { unique, equality } of this.#indexes.values()) {
      unique?.apply(changes);
      equality?.apply(changes);
    }
    for (const c of changes) {
      if (c.after) this.#docs.set(c.id, c.after);
      else this.#docs.delete(c.id);
    }
    if (!this.#compaction && this.files.shouldCompact()) this.#startCompaction();
  }

  #startCompaction(): void {
    let started: Promise<void>;
    try {
      started = this.files.compact(this.#docs.snapshot());
    } catch (err) {
      started = Promise.reject(err);
    }
    const running = started
      .catch((err: unknown) => {
        this.logger?.error({ err, collection: this.name }, 'docstore compaction failed (will retry)');
        throw err;
      })
      .finally(() => {
        if (this.#compaction === running) this.#compaction = undefined;
      });
    running.catch(() => undefined);
    this.#compaction = running;
  }
}

/** A checked deep copy of a document with a string `_id`. */
function storableDocument(doc: unknown, where: string): JsonObject {
  const stored = toStorable(doc, where);
  if (!isPlainObject(stored)) throw new InvalidOperationError(`${where} must be a plain object`);
  if (typeof stored._id !== 'string' || stored._id === '')
    throw new InvalidOperationError(`${where} needs a non-empty string _id`);
  // MongoDB always stores _id as the first field.
  if (Object.keys(stored)[0] !== '_id') {
    const { _id, ...rest } = stored;
    return { _id, ...rest };
  }
  return stored;
}

function count(v: number | undefined, what: string): number {
  if (v === undefined) return 0;
  if (!Number.isSafeInteger(v) || v < 0)
    throw new InvalidOperationError(`${what} must be a non-negative integer`);
  return v;
}

/** A fresh `_id` for upserts without one: 24 hex digits, like an ObjectId's string form. */
const newId = (): string => crypto.randomBytes(12).toString('hex');
