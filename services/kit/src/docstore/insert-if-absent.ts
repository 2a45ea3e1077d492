import { DuplicateKeyError, type Collection, type Doc } from './port.js';

/**
 * Inserts `doc` unless a unique index (its `_id` or another) already holds its key: true when this
 * call inserted it, false when another writer was first. Any other failure (the store unavailable,
 * an invalid document) is thrown: a claim is never taken as lost, nor as won, on an error.
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
