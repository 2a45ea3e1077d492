import { describe, expect, it } from 'vitest';
import { insertIfAbsent, insertOrGet, storedSecret } from './insert-if-absent.js';
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

interface Keyed extends Doc {
  _id: string;
  key: string;
  owner: string;
}

/** A collection with a unique `key`, held in memory: insertOne refuses either key taken. */
function keyedCollection() {
  const docs = new Map<string, Keyed>();
  const c = {
    insertOne: async (doc: Keyed) => {
      if (docs.has(doc._id) || [...docs.values()].some((d) => d.key === doc.key))
        throw new DuplicateKeyError('keyed', 'key_1');
      docs.set(doc._id, doc);
    },
    findOne: async (filter: Partial<Keyed>) =>
      [...docs.values()].find((d) => Object.entries(filter).every(([k, v]) => d[k as keyof Keyed] === v)) ??
      null,
  } as unknown as Collection<Keyed>;
  return { c, docs };
}

describe('insertOrGet', () => {
  it('answers the inserted document, or the copy that won the key', async () => {
    const { c } = keyedCollection();
    expect(await insertOrGet(c, { _id: 'a', key: 'k', owner: 'first' }, { key: 'k' })).toEqual({
      doc: { _id: 'a', key: 'k', owner: 'first' },
      inserted: true,
    });
    expect(await insertOrGet(c, { _id: 'b', key: 'k', owner: 'second' }, { key: 'k' })).toEqual({
      doc: { _id: 'a', key: 'k', owner: 'first' },
      inserted: false,
    });
  });

  it('throws the duplicate when nothing matches the winner filter, and any other failure', async () => {
    const { c } = keyedCollection();
    await insertOrGet(c, { _id: 'a', key: 'k', owner: 'first' }, { key: 'k' });
    await expect(
      insertOrGet(c, { _id: 'a', key: 'other', owner: 'x' }, { key: 'other' }),
    ).rejects.toBeInstanceOf(DuplicateKeyError);
    const down = new Error('store unavailable');
    await expect(
      insertOrGet(
        collection(() => Promise.reject(down)),
        { _id: 'a' },
        { _id: 'a' },
      ),
    ).rejects.toBe(down);
  });
});

describe('storedSecret', () => {
  it('generates and stores the document once; later calls read it without generating', async () => {
    const { c } = keyedCollection();
    let made = 0;
    const generate = () => ({ key: `secret-${++made}`, owner: 'me' });
    expect(await storedSecret(c, 'secret', generate)).toEqual({
      doc: { _id: 'secret', key: 'secret-1', owner: 'me' },
      generated: true,
    });
    expect(await storedSecret(c, 'secret', generate)).toEqual({
      doc: { _id: 'secret', key: 'secret-1', owner: 'me' },
      generated: false,
    });
    expect(made).toBe(1);
  });
});
