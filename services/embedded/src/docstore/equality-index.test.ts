/**
 * A non-unique index of the embedded store narrows what a scalar equality on its first field reads
 * (equality-index.ts): the same answers as a scan, through inserts, updates that move a document to
 * another key, deletes, array values, numbers and a reopened folder; and only that key's documents
 * are read (`examined`), not the whole collection. A `$in` of scalars reads the documents of each of
 * its keys.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '@tessera/kit/testing';
import { EmbeddedDocumentStore } from './store.js';
import type { EmbeddedCollection } from './collection.js';

interface Order {
  _id: string;
  userId: string;
  state: string;
  n: number;
  tags?: string[];
}

const dirs: { cleanup(): void }[] = [];
afterAll(() => {
  for (const d of dirs) d.cleanup();
});

async function open(dir: string) {
  const store = await EmbeddedDocumentStore.open(dir);
  const orders = (await store.collection<Order>('orders', {
    indexes: [{ fields: { userId: 1 } }, { fields: { n: 1, state: 1 } }, { fields: { tags: 1 } }],
  })) as EmbeddedCollection<Order>;
  return { store, orders };
}

describe('embedded store: non-unique index lookups', () => {
  it('answers equality filters on an indexed field as a scan would, reading only that key', async () => {
    const dir = tempDir('equality-index-');
    dirs.push(dir);
    const { store, orders } = await open(dir.dir);
    for (let i = 0; i < 200; i++)
      await orders.insertOne({
        _id: `o${i}`,
        userId: `u${i % 10}`,
        state: i % 4 ? 'granted' : 'pending',
        n: i % 7,
      });
    await orders.insertOne({ _id: 'tagged', userId: 'u0', state: 'pending', n: 1, tags: ['a', 'b'] });

    expect(await orders.countDocuments({ userId: 'u3', state: 'pending' })).toBe(0);
    expect(await orders.countDocuments({ userId: 'u4', state: 'pending' })).toBe(10);
    expect(orders.examined({ userId: 'u4', state: 'pending' })).toBe(20);
    expect(orders.examined({ userId: 'nobody' })).toBe(0);
    // the first field of a compound index, an array element, an $eq
    expect(await orders.countDocuments({ n: 3 })).toBe(29);
    expect(orders.examined({ n: 3 })).toBe(29);
    expect((await orders.find({ tags: 'b' })).map((o) => o._id)).toEqual(['tagged']);
    expect(await orders.countDocuments({ userId: { $eq: 'u0' } })).toBe(21);
    // the smaller of two usable indexes
    expect(orders.examined({ userId: 'u1', n: 1 })).toBe(20);
    // no usable equality: every document
    expect(orders.examined({ state: 'pending' })).toBe(201);
    // an $in of scalars reads the documents of each of its keys, each once
    expect(await orders.countDocuments({ userId: { $in: ['u1', 'u2'] }, state: 'pending' })).toBe(10);
    expect(orders.examined({ userId: { $in: ['u1', 'u2'] }, state: 'pending' })).toBe(40);
    expect(orders.examined({ tags: { $in: ['a', 'b'] } })).toBe(1);
    expect((await orders.find({ tags: { $in: ['a', 'b', 'c'] } })).map((o) => o._id)).toEqual(['tagged']);
    expect(orders.examined({ userId: { $in: [] } })).toBe(0);
    // the smaller of an $in and an equality; an $in holding a null or a regex cannot narrow
    expect(orders.examined({ userId: { $in: ['u1', 'u2', 'u3'] }, n: 2 })).toBe(29);
    expect(orders.examined({ userId: { $in: ['u1', null] } })).toBe(201);
    expect(orders.examined({ userId: { $in: [/u1/] } })).toBe(201);

    // an update that moves a document to another key, a delete, a replacement
    await orders.updateOne({ _id: 'o4' }, { $set: { userId: 'u3' } });
    await orders.deleteOne({ _id: 'o14' });
    await orders.replaceOne({ _id: 'o24' }, { _id: 'o24', userId: 'u4', state: 'granted', n: 0 });
    expect((await orders.find({ userId: 'u3', state: 'pending' })).map((o) => o._id)).toEqual(['o4']);
    expect(await orders.countDocuments({ userId: 'u4', state: 'pending' })).toBe(8);
    expect(orders.examined({ userId: 'u4' })).toBe(18);
    await store.close();

    // reopened: the index is built from the stored documents
    const again = await open(dir.dir);
    expect(await again.orders.countDocuments({ userId: 'u4', state: 'pending' })).toBe(8);
    expect(again.orders.examined({ userId: 'u3' })).toBe(21);
    await again.store.close();
  });
});
