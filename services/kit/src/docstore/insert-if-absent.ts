/**
 * Claims by unique key, without transactions: the first insert of a key wins, every other writer
 * (another request, another replica) learns that it lost and, where it needs one, reads the
 * winner's copy. Any failure other than a duplicate key is thrown: a claim is never taken as lost,
 * nor as won, on an error.
 */
import { DuplicateKeyError, type Collection, type Doc, type Filter } from './port.js';

/**
 * Inserts `doc` unless a unique index (its `_id` or another) already holds its key: true when this
 * call inserted it, false when another writer was first.
 */
export async function insertIfAbsent<T extends Doc>(collection: Collection<T>, doc: T): Promise<boolean> {
  try {
    await collection.insertOne(doc);
    return true;
  } catch (err) {
    if (err instanceof DuplicateKeyError) return false;
    throw err;
  }
}

/**
 * Inserts `doc`, or when another writer holds its key, reads the copy that won (the document
 * `winner` matches). Throws the DuplicateKeyError when nothing matches `winner`: the conflict was
 * on another key, or the winner's copy is gone again (removed meanwhile).
 */
export async function insertOrGet<T extends Doc>(
  collection: Collection<T>,
  doc: T,
  winner: Filter<T>,
): Promise<{ doc: T; inserted: boolean }> {
  try {
    await collection.insertOne(doc);
    return { doc, inserted: true };
  } catch (err) {
    if (!(err instanceof DuplicateKeyError)) throw err;
    const stored = await collection.findOne(winner);
    if (stored === null) throw err;
    return { doc: stored, inserted: false };
  }
}

/**
 * The document `id` (a generated secret: a signing key, an upload key), made by `generate` and
 * stored on first use: concurrent first starts, in this process or other replicas, all end up with
 * the one stored first, so every replica and every restart agree. `generated` is true for the one
 * call whose document was stored.
 */
export async function storedSecret<T extends Doc>(
  collection: Collection<T>,
  id: string,
  generate: () => Omit<T, '_id'> | Promise<Omit<T, '_id'>>,
): Promise<{ doc: T; generated: boolean }> {
  const byId = { _id: id } as Filter<T>; // every document has an _id (TypeScript cannot see it of a generic T)
  const existing = await collection.findOne(byId);
  if (existing !== null) return { doc: existing, generated: false };
  const made = { ...(await generate()), _id: id } as T;
  const { doc, inserted } = await insertOrGet(collection, made, byId);
  return { doc, generated: inserted };
}
