/**
 * The MongoDB adapter of the document-store port: a thin pass-through to the official driver.
 *
 * It has no query logic of its own: filters, updates, sorts, projections and options go to the
 * driver unchanged (the port's operator subset is MongoDB's own syntax). What it adds:
 * - `collection()` creates each IndexSpec with `createIndex` (a sparse unique index becomes a partial
 *   index with `$exists: true` on every field, which is what the port means by sparse; MongoDB's own
 *   `sparse` option would skip a compound key only when *all* fields are missing);
 * - error 11000 (duplicate key, also raised by an index build over duplicate data) becomes the port's
 *   DuplicateKeyError with the index name parsed from the server message;
 * - `upsertedId` is returned as a string.
 * The embedded adapter is tested against the same contract suite, so query semantics are pinned by
 * that suite (run it here with MONGODB_URL set).
 */
import {
  MongoClient,
  MongoServerError,
  type Collection as MongoCollection,
  type Db,
  type Document,
  type Filter as DriverFilter,
  type UpdateFilter,
} from 'mongodb';
import type { Logger } from 'pino';
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
} from './port.js';
import { DuplicateKeyError } from './port.js';

// The port's filter/update types are MongoDB's own syntax; the driver's generic types are stricter
// about field names, so they are cast at the boundary (the values pass through unchanged).
type MongoFilter = DriverFilter<Doc>;
const upd = (u: Update): UpdateFilter<Doc> => u as UpdateFilter<Doc>;

/** The index a duplicate-key server error names (`... index: email_1 dup key: ...`). */
export function duplicateKeyIndex(err: { message?: string; errmsg?: string }): string | undefined {
  const text = err.errmsg ?? err.message ?? '';
  return /index: (\S+) dup key/.exec(text)?.[1];
}

/** The partial filter that makes a unique index "sparse" in the port's sense (every field exists). */
export function sparseFilter(fields: Record<string, 1 | -1>): Document {
  return Object.fromEntries(Object.keys(fields).map((f) => [f, { $exists: true }]));
}

async function mapErrors<R>(collection: string, op: () => Promise<R>): Promise<R> {
  try {
    return await op();
  } catch (err) {
    if (err instanceof MongoServerError && err.code === 11000)
      throw new DuplicateKeyError(collection, duplicateKeyIndex(err));
    throw err;
  }
}

class MongoDocCollection<T extends Doc> implements Collection<T> {
  constructor(private readonly c: MongoCollection<Doc>) {}

  get name(): string {
    return this.c.collectionName;
  }

  #run<R>(op: () => Promise<R>): Promise<R> {
    return mapErrors(this.name, op);
  }

  insertOne(doc: T): Promise<void> {
    return this.#run(async () => {
      await this.c.insertOne({ ...doc });
    });
  }

  findOne(filter: Filter<T>, options?: Pick<FindOptions, 'sort' | 'projection'>): Promise<T | null> {
    return this.#run(async () => (await this.c.findOne(filter as MongoFilter, { ...options })) as T | null);
  }

  find(filter: Filter<T>, options?: FindOptions): Promise<T[]> {
    return this.#run(
      async () => (await this.c.find(filter as MongoFilter, { ...options }).toArray()) as unknown as T[],
    );
  }

  countDocuments(filter: Filter<T>): Promise<number> {
    return this.#run(() => this.c.countDocuments(filter as MongoFilter));
  }

  updateOne(filter: Filter<T>, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult> {
    return this.#run(async () =>
      toResult(await this.c.updateOne(filter as MongoFilter, upd(update), { ...options })),
    );
  }

  updateMany(filter: Filter<T>, update: Update): Promise<UpdateResult> {
    return this.#run(async () => toResult(await this.c.updateMany(filter as MongoFilter, upd(update))));
  }

  findOneAndUpdate(
    filter: Filter<T>,
    update: Update,
    options?: { upsert?: boolean; returnDocument?: 'before' | 'after'; sort?: Sort },
  ): Promise<T | null> {
    return this.#run(
      async () =>
        (await this.c.findOneAndUpdate(filter as MongoFilter, upd(update), {
          returnDocument: 'after',
          ...options,
        })) as T | null,
    );
  }

  replaceOne(filter: Filter<T>, doc: T, options?: { upsert?: boolean }): Promise<UpdateResult> {
    return this.#run(async () =>
      toResult(await this.c.replaceOne(filter as MongoFilter, { ...doc }, { ...options })),
    );
  }

  deleteOne(filter: Filter<T>): Promise<{ deletedCount: number }> {
    return this.#run(async () => ({
      deletedCount: (await this.c.deleteOne(filter as MongoFilter)).deletedCount,
    }));
  }

  deleteMany(filter: Filter<T>): Promise<{ deletedCount: number }> {
    return this.#run(async () => ({
      deletedCount: (await this.c.deleteMany(filter as MongoFilter)).deletedCount,
    }));
  }
}

function toResult(r: { matchedCount: number; modifiedCount: number; upsertedId: unknown }): UpdateResult {
  const out: UpdateResult = { matchedCount: r.matchedCount, modifiedCount: r.modifiedCount };
  if (r.upsertedId !== null && r.upsertedId !== undefined) out.upsertedId = String(r.upsertedId);
  return out;
}

export class MongoDocumentStore implements DocumentStore {
  private constructor(
    private readonly client: MongoClient,
    readonly db: Db,
  ) {}

  /** Connects (failing fast if the server cannot be reached) and selects `database`. */
  static async connect(url: string, database: string, logger?: Logger): Promise<MongoDocumentStore> {
    const client = new MongoClient(url);
    await client.connect();
    logger?.info({ database }, 'document store: MongoDB connected');
    return new MongoDocumentStore(client, client.db(database));
  }

  async collection<T extends Doc>(
    name: string,
    options: { indexes?: IndexSpec[] } = {},
  ): Promise<Collection<T>> {
    const c = this.db.collection<Doc>(name);
    for (const spec of options.indexes ?? []) {
      await mapErrors(name, () =>
        c.createIndex(spec.fields, {
          ...(spec.name ? { name: spec.name } : {}),
          ...(spec.unique ? { unique: true } : {}),
          ...(spec.sparse ? { partialFilterExpression: sparseFilter(spec.fields) } : {}),
        }),
      );
    }
    return new MongoDocCollection<T>(c);
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
