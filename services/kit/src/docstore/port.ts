/**
 * The document-store port: the subset of MongoDB's collection API that the services use, with the
 * same semantics in both adapters (embedded file-backed store under DATA_DIR, MongoDB via the
 * official driver). Filters and updates use MongoDB's operator syntax, so the Mongo adapter is a
 * thin pass-through and the embedded adapter implements exactly this subset.
 *
 * Supported filter operators: field equality (including dotted paths), $eq, $ne, $gt, $gte, $lt,
 * $lte, $in, $nin, $exists, $regex (string pattern plus $options 'i'), $and, $or.
 * Supported update operators: $set, $unset, $inc, $push (with $each), $pull (equality), $addToSet,
 * $min, $max. An update document without operators is not allowed (use replaceOne).
 */
export interface Doc {
  _id: string;
}

export type Filter<T> = Partial<Record<keyof T & string, unknown>> & Record<string, unknown>;
export type Update = Record<string, Record<string, unknown>>;
/** 1 ascending, -1 descending; keys in priority order. */
export type Sort = Record<string, 1 | -1>;
export type Projection = Record<string, 0 | 1>;

export interface IndexSpec {
  /** Field (dotted path allowed) -> 1 or -1. Compound indexes list several fields. */
  fields: Record<string, 1 | -1>;
  unique?: boolean;
  /** Unique only among documents where every indexed field exists (MongoDB partial index on $exists). */
  sparse?: boolean;
  name?: string;
}

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  projection?: Projection;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  /** Set when an upsert inserted a document. */
  upsertedId?: string;
}

/** A write refused by a unique index (MongoDB error 11000). */
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    /** The index that refused the write, when known. */
    readonly index: string | undefined,
    message = `duplicate key in ${collection}${index ? ` (index ${index})` : ''}`,
  ) {
    super(message);
    this.name = 'DuplicateKeyError';
  }
}

export interface Collection<T extends Doc> {
  readonly name: string;
  /** Inserts; throws DuplicateKeyError on _id or a unique index. Acknowledged = durable. */
  insertOne(doc: T): Promise<void>;
  findOne(filter: Filter<T>, options?: Pick<FindOptions, 'sort' | 'projection'>): Promise<T | null>;
  find(filter: Filter<T>, options?: FindOptions): Promise<T[]>;
  countDocuments(filter: Filter<T>): Promise<number>;
  /**
   * Updates the first matching document atomically: the filter is evaluated and the update applied
   * as one step, so `{ _id, version: 3 }` + `{ $set: {...}, $inc: { version: 1 } }` is a
   * compare-and-set. With upsert, a missing document is created from the filter's equality fields
   * plus the update.
   */
  updateOne(filter: Filter<T>, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult>;
  updateMany(filter: Filter<T>, update: Update): Promise<UpdateResult>;
  /** Like updateOne, returning the document after (default) or before the update; null if none matched. */
  findOneAndUpdate(
    filter: Filter<T>,
    update: Update,
    options?: { upsert?: boolean; returnDocument?: 'before' | 'after'; sort?: Sort },
  ): Promise<T | null>;
  /** Replaces the first matching document atomically (a compare-and-set when the filter has a version). */
  replaceOne(filter: Filter<T>, doc: T, options?: { upsert?: boolean }): Promise<UpdateResult>;
  deleteOne(filter: Filter<T>): Promise<{ deletedCount: number }>;
  deleteMany(filter: Filter<T>): Promise<{ deletedCount: number }>;
}

export interface DocumentStore {
  /** Opens (creating if needed) a collection and ensures its indexes. */
  collection<T extends Doc>(name: string, options?: { indexes?: IndexSpec[] }): Promise<Collection<T>>;
  /** Flushes and closes; pending acknowledged writes are already durable. */
  close(): Promise<void>;
}
