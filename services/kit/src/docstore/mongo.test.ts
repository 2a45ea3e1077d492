/**
 * The MongoDB adapter's own logic, without a server (none can be installed here; the contract suite
 * runs against a real one where MONGODB_URL is set): the driver's MongoClient is replaced by a fake
 * that records what the adapter asks of the driver and answers like the driver does. Covered: index
 * creation (names, unique, the port's "sparse" as a partial index), error 11000 -> DuplicateKeyError
 * with the index parsed from the server message (also from an index build), other errors unchanged,
 * filters / updates / options passed through unchanged, results mapped (upsertedId as a string,
 * deletedCount, findOneAndUpdate returning the document after the update by default).
 */
import { MongoServerError } from 'mongodb';
import type * as Driver from 'mongodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DuplicateKeyError } from './port.js';

interface Call {
  op: string;
  args: unknown[];
}
const calls: Call[] = [];
/** What the next driver call answers (or throws), by operation name. */
const answers = new Map<string, () => unknown>();
const answer = (op: string, fallback: unknown) => {
  const a = answers.get(op);
  return a ? a() : fallback;
};

class FakeCollection {
  constructor(readonly collectionName: string) {}
  #call(op: string, args: unknown[], fallback: unknown) {
    calls.push({ op, args });
    return Promise.resolve().then(() => answer(op, fallback));
  }
  createIndex(...args: unknown[]) {
    return this.#call('createIndex', args, 'index');
  }
  insertOne(...args: unknown[]) {
    return this.#call('insertOne', args, { acknowledged: true, insertedId: 'x' });
  }
  findOne(...args: unknown[]) {
    return this.#call('findOne', args, null);
  }
  find(...args: unknown[]) {
    calls.push({ op: 'find', args });
    return { toArray: () => Promise.resolve(answer('find', [])) };
  }
  countDocuments(...args: unknown[]) {
    return this.#call('countDocuments', args, 0);
  }
  updateOne(...args: unknown[]) {
    return this.#call('updateOne', args, { matchedCount: 1, modifiedCount: 1, upsertedId: null });
  }
  updateMany(...args: unknown[]) {
    return this.#call('updateMany', args, { matchedCount: 2, modifiedCount: 1, upsertedId: null });
  }
  findOneAndUpdate(...args: unknown[]) {
    return this.#call('findOneAndUpdate', args, null);
  }
  replaceOne(...args: unknown[]) {
    return this.#call('replaceOne', args, { matchedCount: 0, modifiedCount: 0, upsertedId: null });
  }
  deleteOne(...args: unknown[]) {
    return this.#call('deleteOne', args, { deletedCount: 1 });
  }
  deleteMany(...args: unknown[]) {
    return this.#call('deleteMany', args, { deletedCount: 3 });
  }
}

vi.mock('mongodb', async (importOriginal) => {
  const real = await importOriginal<typeof Driver>();
  class FakeMongoClient {
    constructor(readonly url: string) {
      calls.push({ op: 'new MongoClient', args: [url] });
    }
    connect() {
      calls.push({ op: 'connect', args: [] });
      return Promise.resolve(answer('connect', this));
    }
    db(name: string) {
      calls.push({ op: 'db', args: [name] });
      return { collection: (c: string) => new FakeCollection(c) };
    }
    close() {
      calls.push({ op: 'close', args: [] });
      return Promise.resolve();
    }
  }
  return { ...real, MongoClient: FakeMongoClient };
});

const { MongoDocumentStore, duplicateKeyIndex, sparseFilter } = await import('./mongo.js');

/** A duplicate-key error as the server sends it. */
const dupError = (index: string) =>
  new MongoServerError({
    code: 11000,
    errmsg: `E11000 duplicate key error collection: db.users index: ${index} dup key: { email: "a@x" }`,
  });

beforeEach(() => {
  calls.length = 0;
  answers.clear();
});

async function usersCollection() {
  const store = await MongoDocumentStore.connect('mongodb://127.0.0.1:1', 'tessera');
  return { store, users: await store.collection<{ _id: string; email?: string; n?: number }>('users') };
}

describe('duplicateKeyIndex', () => {
  it('reads the index name from errmsg, else from message', () => {
    expect(
      duplicateKeyIndex({ errmsg: 'E11000 duplicate key error index: email_1 dup key: { email: 1 }' }),
    ).toBe('email_1');
    expect(duplicateKeyIndex({ message: 'E11000 ... index: canvas_1_board_1 dup key: { : 1, : 2 }' })).toBe(
      'canvas_1_board_1',
    );
    expect(duplicateKeyIndex({ message: 'something else' })).toBeUndefined();
    expect(duplicateKeyIndex({})).toBeUndefined();
  });
});

describe('sparseFilter', () => {
  it('requires every indexed field to exist', () => {
    expect(sparseFilter({ canvas: 1, board: -1 })).toEqual({
      canvas: { $exists: true },
      board: { $exists: true },
    });
  });
});

describe('MongoDocumentStore', () => {
  it('connects, selects the database and closes the client', async () => {
    const { store } = await usersCollection();
    await store.close();
    expect(calls.map((c) => c.op)).toEqual(['new MongoClient', 'connect', 'db', 'close']);
    expect(calls.find((c) => c.op === 'db')!.args).toEqual(['tessera']);
  });

  it('fails when the server cannot be reached (the driver error is not swallowed)', async () => {
    answers.set('connect', () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:1');
    });
    await expect(MongoDocumentStore.connect('mongodb://127.0.0.1:1', 'tessera')).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });

  it('creates each index with its name, unique flag and the port sparse meaning', async () => {
    const store = await MongoDocumentStore.connect('mongodb://127.0.0.1:1', 'tessera');
    calls.length = 0;
    await store.collection('boards', {
      indexes: [
        { fields: { email: 1 }, unique: true },
        { fields: { canvas: 1, board: -1 }, unique: true, sparse: true, name: 'cb' },
        { fields: { at: -1 } },
      ],
    });
    expect(calls).toEqual([
      { op: 'createIndex', args: [{ email: 1 }, { unique: true }] },
      {
        op: 'createIndex',
        args: [
          { canvas: 1, board: -1 },
          {
            name: 'cb',
            unique: true,
            partialFilterExpression: { canvas: { $exists: true }, board: { $exists: true } },
          },
        ],
      },
      { op: 'createIndex', args: [{ at: -1 }, {}] },
    ]);
  });

  it('turns an index build over duplicate data into DuplicateKeyError', async () => {
    const store = await MongoDocumentStore.connect('mongodb://127.0.0.1:1', 'tessera');
    answers.set('createIndex', () => {
      throw dupError('email_1');
    });
    const err = await store
      .collection('users', { indexes: [{ fields: { email: 1 }, unique: true }] })
      .catch((e) => e);
    expect(err).toBeInstanceOf(DuplicateKeyError);
    expect(err).toMatchObject({ collection: 'users', index: 'email_1' });
  });

  it('maps error 11000 of every write to DuplicateKeyError naming the index', async () => {
    const { users } = await usersCollection();
    const writes: [string, () => Promise<unknown>][] = [
      ['insertOne', () => users.insertOne({ _id: 'a', email: 'a@x' })],
      ['updateOne', () => users.updateOne({ _id: 'a' }, { $set: { email: 'a@x' } })],
      ['updateMany', () => users.updateMany({}, { $set: { email: 'a@x' } })],
      ['findOneAndUpdate', () => users.findOneAndUpdate({ _id: 'a' }, { $set: { email: 'a@x' } })],
      ['replaceOne', () => users.replaceOne({ _id: 'a' }, { _id: 'a', email: 'a@x' })],
    ];
    for (const [op, write] of writes) {
      answers.set(op, () => {
        throw dupError('email_1');
      });
      const err = await write().catch((e: unknown) => e);
      expect(err, op).toBeInstanceOf(DuplicateKeyError);
      expect(err, op).toMatchObject({ collection: 'users', index: 'email_1' });
    }
  });

  it('passes other errors through unchanged (a server error of another code, a plain error)', async () => {
    const { users } = await usersCollection();
    const other = new MongoServerError({ code: 2, errmsg: 'bad value' });
    answers.set('updateOne', () => {
      throw other;
    });
    await expect(users.updateOne({ _id: 'a' }, { $inc: { n: 1 } })).rejects.toBe(other);
    const plain = new Error('socket closed');
    answers.set('find', () => {
      throw plain;
    });
    await expect(users.find({})).rejects.toBe(plain);
  });

  it('passes filters, updates and options to the driver unchanged', async () => {
    const { users } = await usersCollection();
    calls.length = 0;
    const filter = { $or: [{ email: { $regex: '^a', $options: 'i' } }, { n: { $gte: 2, $in: [3, 4] } }] };
    const update = { $set: { email: 'b@x' }, $inc: { n: 1 } };
    await users.find(filter, { sort: { n: -1 }, skip: 2, limit: 5, projection: { email: 1 } });
    await users.findOne({ 'nested.a': 1 }, { sort: { n: 1 } });
    await users.countDocuments(filter);
    await users.updateOne({ _id: 'a', n: 3 }, update, { upsert: true });
    await users.updateMany(filter, update);
    await users.deleteOne({ _id: 'a' });
    await users.deleteMany(filter);
    expect(calls).toEqual([
      { op: 'find', args: [filter, { sort: { n: -1 }, skip: 2, limit: 5, projection: { email: 1 } }] },
      { op: 'findOne', args: [{ 'nested.a': 1 }, { sort: { n: 1 } }] },
      { op: 'countDocuments', args: [filter] },
      { op: 'updateOne', args: [{ _id: 'a', n: 3 }, update, { upsert: true }] },
      { op: 'updateMany', args: [filter, update] },
      { op: 'deleteOne', args: [{ _id: 'a' }] },
      { op: 'deleteMany', args: [filter] },
    ]);
  });

  it('inserts a copy (the driver may add fields to what it is given)', async () => {
    const { users } = await usersCollection();
    const doc = { _id: 'a', email: 'a@x' };
    await users.insertOne(doc);
    const sent = calls.find((c) => c.op === 'insertOne')!.args[0];
    expect(sent).toEqual(doc);
    expect(sent).not.toBe(doc);
  });

  it('maps results: counts, upsertedId as a string, deletedCount', async () => {
    const { users } = await usersCollection();
    answers.set('updateOne', () => ({
      matchedCount: 0,
      modifiedCount: 0,
      upsertedId: { toString: () => 'id-7' },
    }));
    expect(await users.updateOne({ _id: 'x' }, { $set: { n: 1 } }, { upsert: true })).toEqual({
      matchedCount: 0,
      modifiedCount: 0,
      upsertedId: 'id-7',
    });
    expect(await users.updateMany({}, { $set: { n: 1 } })).toEqual({ matchedCount: 2, modifiedCount: 1 });
    expect(await users.replaceOne({ _id: 'x' }, { _id: 'x' })).toEqual({ matchedCount: 0, modifiedCount: 0 });
    expect(await users.deleteOne({ _id: 'x' })).toEqual({ deletedCount: 1 });
    expect(await users.deleteMany({})).toEqual({ deletedCount: 3 });
    answers.set('find', () => [{ _id: 'a' }, { _id: 'b' }]);
    expect(await users.find({})).toEqual([{ _id: 'a' }, { _id: 'b' }]);
  });

  it('findOneAndUpdate returns the document after the update unless told otherwise', async () => {
    const { users } = await usersCollection();
    answers.set('findOneAndUpdate', () => ({ _id: 'a', n: 2 }));
    expect(await users.findOneAndUpdate({ _id: 'a' }, { $inc: { n: 1 } })).toEqual({ _id: 'a', n: 2 });
    await users.findOneAndUpdate(
      { _id: 'a' },
      { $inc: { n: 1 } },
      { returnDocument: 'before', sort: { n: 1 } },
    );
    const sent = calls.filter((c) => c.op === 'findOneAndUpdate').map((c) => c.args[2]);
    expect(sent).toEqual([{ returnDocument: 'after' }, { returnDocument: 'before', sort: { n: 1 } }]);
  });
});
