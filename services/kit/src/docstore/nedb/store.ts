/**
 * An adapter of the document-store port on `@seald-io/nedb` (an embedded, file-backed store with
 * MongoDB-like queries), written to decide issue 8 item 4 by evidence: it runs the same contract
 * suite, kill -9 test and benchmark as the kit's own embedded store.
 *
 * One nedb Datastore per collection, in `<dir>/<name>.db` (nedb appends every write to that file and
 * rewrites it when loading). Every operation of a collection runs in one queue, so a filter + update
 * is evaluated and applied without anything in between (a compare-and-set), and `modifiedCount`,
 * `returnDocument: 'before'` and replaceOne can be computed from the document as it was.
 * Filters are translated where nedb's syntax differs from MongoDB's: `$eq` and `$regex` given as a
 * string with `$options`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createRequire } from 'node:module';
import type NedbModule from '@seald-io/nedb';
import type {
  Collection,
  Doc,
  DocumentStore,
  Filter,
  FindOptions,
  IndexSpec,
  Sort,
  Update,
  UpdateResult,
} from '../port.js';
import { DuplicateKeyError } from '../port.js';

type Raw = Record<string, unknown>;
/** nedb's own update function (what `update` applies): the document after `update`, or a throw. */
const require = createRequire(import.meta.url);
const { modify } = require('@seald-io/nedb/lib/model.js') as {
  modify: (doc: Raw, update: Update) => Raw;
};
// a CommonJS module whose typings say `export default`: the class is module.exports itself
const Datastore = require('@seald-io/nedb') as typeof NedbModule.default;
type Datastore<S> = NedbModule.default<S>;
const isObject = (v: unknown): v is Raw =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof RegExp) && !(v instanceof Date);

/** MongoDB filter syntax -> nedb's (`$eq`, string `$regex` with `$options`). */
export function toNedbFilter(filter: Raw): Raw {
  const out: Raw = {};
  const and: Raw[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value)) throw new Error(`${key} needs an array`);
      out[key] = value.map((f) => toNedbFilter(f as Raw));
    } else if (key.startsWith('$')) {
      throw new Error(`unknown top-level operator ${key}`);
    } else if (isObject(value) && Object.keys(value).some((k) => k.startsWith('$'))) {
      const ops: Raw = {};
      for (const [op, arg] of Object.entries(value)) {
        if (op === '$eq') and.push({ [key]: arg });
        else if (op === '$options') continue;
        else if (op === '$regex')
          ops.$regex = arg instanceof RegExp ? arg : new RegExp(String(arg), String(value.$options ?? ''));
        else ops[op] = arg;
      }
      if (Object.keys(ops).length > 0) and.push({ [key]: ops });
    } else out[key] = value;
  }
  if (and.length === 0) return out;
  return { ...out, $and: [...((out.$and as Raw[] | undefined) ?? []), ...and] };
}

const indexName = (spec: IndexSpec) =>
  spec.name ??
  Object.entries(spec.fields)
    .map(([f, d]) => `${f}_${d}`)
    .join('_');

const get = (doc: Raw, dotted: string): unknown =>
  dotted.split('.').reduce<unknown>((v, k) => (isObject(v) ? v[k] : undefined), doc);

/** Runs one task at a time, in call order. */
class Queue {
  #tail: Promise<unknown> = Promise.resolve();
  run<R>(task: () => Promise<R>): Promise<R> {
    const next = this.#tail.then(task, task);
    this.#tail = next.catch(() => undefined);
    return next;
  }
}

class NedbCollection<T extends Doc> implements Collection<T> {
  readonly #queue = new Queue();
  /** The document the write in progress would store (to name the unique index it violates). */
  #candidate: Raw | undefined;

  constructor(
    readonly name: string,
    readonly db: Datastore<Raw>,
    readonly uniques: IndexSpec[],
  ) {}

  /** The unique index the candidate violates: the first one another document already holds. */
  async #duplicate(doc: Raw | undefined): Promise<DuplicateKeyError> {
    if (doc) {
      for (const spec of this.uniques) {
        const q = Object.fromEntries(Object.keys(spec.fields).map((f) => [f, get(doc, f) ?? null]));
        if (await this.db.findOneAsync({ ...q, _id: { $ne: doc._id } }))
          return new DuplicateKeyError(this.name, indexName(spec));
      }
    }
    return new DuplicateKeyError(this.name, undefined);
  }

  #run<R>(op: () => Promise<R>): Promise<R> {
    return this.#queue.run(async () => {
      this.#candidate = undefined;
      try {
        return await op();
      } catch (err) {
        if ((err as { errorType?: string }).errorType === 'uniqueViolated')
          throw await this.#duplicate(this.#candidate);
        throw err;
      }
    });
  }

  async #insert(doc: Raw): Promise<void> {
    if (typeof doc._id !== 'string') throw new Error('a document needs a string _id');
    const copy = structuredClone(doc);
    this.#candidate = copy;
    if (await this.db.findOneAsync({ _id: copy._id })) throw new DuplicateKeyError(this.name, '_id_');
    await this.db.insertAsync(copy);
  }

  /** Stores `after` in place of `before` (same _id); whether anything changed. */
  async #replace(before: Raw, after: Raw): Promise<boolean> {
    if (isDeepStrictEqual(before, after)) return false;
    this.#candidate = after;
    await this.db.updateAsync({ _id: before._id }, after, {});
    return true;
  }

  #cursor(filter: Filter<T>, options: FindOptions = {}) {
    let c = this.db.findAsync(toNedbFilter(filter));
    if (options.sort) c = c.sort(options.sort);
    if (options.skip) c = c.skip(options.skip);
    if (options.limit) c = c.limit(options.limit);
    if (options.projection) c = c.projection(options.projection);
    return c as unknown as Promise<T[]>;
  }

  async #first(filter: Filter<T>, sort?: Sort): Promise<Raw | undefined> {
    const [doc] = await this.#cursor(filter, { sort, limit: 1 });
    return doc as Raw | undefined;
  }

  insertOne(doc: T): Promise<void> {
    return this.#run(() => this.#insert(doc as Raw));
  }

  findOne(filter: Filter<T>, options?: Pick<FindOptions, 'sort' | 'projection'>): Promise<T | null> {
    return this.#run(async () => (await this.#cursor(filter, { ...options, limit: 1 }))[0] ?? null);
  }

  find(filter: Filter<T>, options?: FindOptions): Promise<T[]> {
    return this.#run(() => this.#cursor(filter, options));
  }

  countDocuments(filter: Filter<T>): Promise<number> {
    return this.#run(async () => await this.db.countAsync(toNedbFilter(filter)));
  }

  /** Upsert: a new document from the filter's equality fields (and _id) plus the update. */
  async #upsert(filter: Filter<T>, update: Update): Promise<Raw> {
    checkUpdate(update);
    const seed: Raw = {};
    for (const [k, v] of Object.entries(filter)) {
      if (k.startsWith('$')) continue;
      if (isObject(v) && Object.keys(v).some((o) => o.startsWith('$'))) {
        if ('$eq' in v) seed[k] = v.$eq;
      } else seed[k] = v;
    }
    const doc = modify({ ...seed, _id: seed._id ?? crypto.randomUUID() }, update);
    await this.#insert(doc);
    return doc;
  }

  updateOne(filter: Filter<T>, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult> {
    return this.#run(async () => {
      checkUpdate(update);
      const before = await this.#first(filter);
      if (!before) {
        if (!options?.upsert) return { matchedCount: 0, modifiedCount: 0 };
        const doc = await this.#upsert(filter, update);
        return { matchedCount: 0, modifiedCount: 0, upsertedId: String(doc._id) };
      }
      const changed = await this.#replace(before, modify(before, update));
      return { matchedCount: 1, modifiedCount: changed ? 1 : 0 };
    });
  }

  updateMany(filter: Filter<T>, update: Update): Promise<UpdateResult> {
    return this.#run(async () => {
      checkUpdate(update);
      const before = (await this.#cursor(filter)) as unknown as Raw[];
      const after = before.map((d) => modify(d, update));
      let modified = 0;
      for (const [i, doc] of before.entries()) if (await this.#replace(doc, after[i]!)) modified++;
      return { matchedCount: before.length, modifiedCount: modified };
    });
  }

  findOneAndUpdate(
    filter: Filter<T>,
    update: Update,
    options?: { upsert?: boolean; returnDocument?: 'before' | 'after'; sort?: Sort },
  ): Promise<T | null> {
    return this.#run(async () => {
      checkUpdate(update);
      const before = await this.#first(filter, options?.sort);
      if (!before) {
        if (!options?.upsert) return null;
        const doc = await this.#upsert(filter, update);
        return (options.returnDocument === 'before' ? null : doc) as T | null;
      }
      const after = modify(before, update);
      await this.#replace(before, after);
      return (options?.returnDocument === 'before' ? before : after) as T;
    });
  }

  replaceOne(filter: Filter<T>, doc: T, options?: { upsert?: boolean }): Promise<UpdateResult> {
    return this.#run(async () => {
      if (Object.keys(doc).some((k) => k.startsWith('$'))) throw new Error('a replacement has no operators');
      const before = await this.#first(filter);
      if (!before) {
        if (!options?.upsert) return { matchedCount: 0, modifiedCount: 0 };
        const id = doc._id ?? (filter as Raw)._id;
        await this.#insert({ ...(doc as Raw), _id: id });
        return { matchedCount: 0, modifiedCount: 0, upsertedId: String(id) };
      }
      if (doc._id !== undefined && doc._id !== before._id) throw new Error('replaceOne may not change _id');
      const changed = await this.#replace(before, structuredClone({ ...(doc as Raw), _id: before._id }));
      return { matchedCount: 1, modifiedCount: changed ? 1 : 0 };
    });
  }

  deleteOne(filter: Filter<T>): Promise<{ deletedCount: number }> {
    return this.#run(async () => {
      const doc = await this.#first(filter);
      if (!doc) return { deletedCount: 0 };
      return { deletedCount: await this.db.removeAsync({ _id: doc._id }, { multi: false }) };
    });
  }

  deleteMany(filter: Filter<T>): Promise<{ deletedCount: number }> {
    return this.#run(async () => ({
      deletedCount: await this.db.removeAsync(toNedbFilter(filter), { multi: true }),
    }));
  }

  /** Waits for every queued operation, then rewrites the file from memory. */
  flush(): Promise<void> {
    return this.#queue.run(() => this.db.compactDatafileAsync());
  }
}

const UPDATE_OPS = new Set(['$set', '$unset', '$inc', '$push', '$pull', '$addToSet', '$min', '$max']);

function checkUpdate(update: Update): void {
  const ops = Object.keys(update);
  if (ops.length === 0 || ops.some((o) => !UPDATE_OPS.has(o)))
    throw new Error(`an update needs operators of ${[...UPDATE_OPS].join(', ')}`);
  const fields = ops.flatMap((o) => Object.keys(update[o]!));
  if (fields.includes('_id')) throw new Error('an update may not change _id');
  if (new Set(fields).size !== fields.length) throw new Error('an update names a field twice');
}

export class NedbDocumentStore implements DocumentStore {
  readonly #collections = new Map<string, Promise<NedbCollection<Doc>>>();
  private constructor(readonly dir: string) {}

  static async open(dir: string): Promise<NedbDocumentStore> {
    await fs.promises.mkdir(dir, { recursive: true });
    return new NedbDocumentStore(dir);
  }

  async collection<T extends Doc>(
    name: string,
    options: { indexes?: IndexSpec[] } = {},
  ): Promise<Collection<T>> {
    let opening = this.#collections.get(name);
    if (!opening) {
      opening = (async () => {
        const db = new Datastore<Raw>({ filename: path.join(this.dir, `${name}.db`) });
        await db.loadDatabaseAsync();
        return new NedbCollection<Doc>(name, db, []);
      })();
      this.#collections.set(name, opening);
    }
    const coll = await opening;
    for (const spec of options.indexes ?? []) {
      const fields = Object.keys(spec.fields);
      await coll.db.ensureIndexAsync({
        fieldName: fields.length === 1 ? fields[0]! : fields,
        unique: Boolean(spec.unique),
        sparse: Boolean(spec.sparse),
      });
      if (spec.unique && !coll.uniques.some((s) => indexName(s) === indexName(spec))) coll.uniques.push(spec);
    }
    return coll as unknown as Collection<T>;
  }

  async close(): Promise<void> {
    for (const c of this.#collections.values()) await (await c).flush();
    this.#collections.clear();
  }
}
