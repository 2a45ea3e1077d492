import { describe, expect, it } from 'vitest';
import { insertIfAbsent } from './insert-if-absent.js';
import { DuplicateKeyError, type Collection, type Doc } from './port.js';

interface Item extends Doc {
  _id: string;
}

/** A collection whose insertOne does what `insert` says; nothing else is called. */
const collection = (insert: (doc: Item) => Promise<void>) =>
  ({ insertOne: insert }) as unknown as Collection<Item>;

describe('insertIfAbsent', () => {
  it('is true when the insert succeeds, false on a duplicate key', async () => {
    const taken = new Set<string>();
    const c = collection(async (doc) => {
      if (taken.has(doc._id)) throw new DuplicateKeyError('items', '_id_');
      taken.add(doc._id);
    });
    expect(await insertIfAbsent(c, { _id: 'a' })).toBe(true);
    expect(await insertIfAbsent(c, { _id: 'a' })).toBe(false);
    expect(await insertIfAbsent(c, { _id: 'b' })).toBe(true);
  });

  it('throws any other failure: a claim is never taken as lost on an error', async () => {
    const down = new Error('store unavailable');
    await expect(
      insertIfAbsent(
        collection(() => Promise.reject(down)),
        { _id: 'a' },
      ),
    ).rejects.toBe(down);
  });
});
