/**
 * The log format across versions and crashes: stores written before diff records existed (whole
 * documents in every record) still open and take diff records after theirs; a torn diff record at
 * the end (a kill inside write(2)) is cut off like any torn record; a diff record that does not fit
 * its document is corruption; and the log grows by what an update changed, not by the document.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Doc } from '@tessera/kit';
import { tempDir } from '@tessera/kit/testing';
import { CorruptFileError } from './files.js';
import { EmbeddedDocumentStore } from './store.js';

interface Thing extends Doc {
  n: number;
  tags: string[];
  note?: string;
}

const { dir: root, cleanup } = tempDir('tessera-docstore-format-');
afterAll(cleanup);
let runs = 0;
const freshDir = (): string => path.join(root, `store-${runs++}`);

async function withStore<R>(dir: string, fn: (s: EmbeddedDocumentStore) => Promise<R>): Promise<R> {
  const store = await EmbeddedDocumentStore.open(dir);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

const all = (dir: string) => withStore(dir, async (s) => (await s.collection<Thing>('things')).find({}));
const logSize = (dir: string) => fs.statSync(path.join(dir, 'things.0.log')).size;

describe('embedded document store: log format', () => {
  it('opens a store written in the whole-document format, then logs diffs after it', async () => {
    const dir = freshDir();
    fs.mkdirSync(dir, { recursive: true });
    // what the store wrote before diff records: a snapshot, then whole documents and deletes
    fs.writeFileSync(
      path.join(dir, 'things.snapshot'),
      '{"snapshot":1,"gen":3,"count":2}\n{"_id":"a","n":1,"tags":[]}\n{"_id":"b","n":2,"tags":["x"]}\n',
    );
    fs.writeFileSync(
      path.join(dir, 'things.3.log'),
      '{"p":[{"_id":"a","n":5,"tags":["y"]}]}\n{"p":[{"_id":"c","n":3,"tags":[]}]}\n{"d":["b"]}\n',
    );
    const expected = [
      { _id: 'a', n: 5, tags: ['y'] },
      { _id: 'c', n: 3, tags: [] },
    ];
    expect(await all(dir)).toEqual(expected);
    await withStore(dir, async (s) => {
      const things = await s.collection<Thing>('things');
      await things.updateOne({ _id: 'a' }, { $push: { tags: 'z' }, $inc: { n: 1 } });
      await things.replaceOne({ _id: 'c' }, { n: 4, tags: [] } as unknown as Thing);
    });
    const log = fs.readFileSync(path.join(dir, 'things.3.log'), 'utf8').trim().split('\n');
    expect(log.slice(3).map((l) => Object.keys(JSON.parse(l) as object))).toEqual([['u'], ['u']]);
    expect(await all(dir)).toEqual([
      { _id: 'a', n: 6, tags: ['y', 'z'] },
      { _id: 'c', n: 4, tags: [] },
    ]);
  });

  it('cuts off a torn diff record at the end and keeps every record before it', async () => {
    const dir = freshDir();
    await withStore(dir, async (s) => {
      const things = await s.collection<Thing>('things');
      await things.insertOne({ _id: 'a', n: 1, tags: ['x'], note: 'y'.repeat(500) });
      await things.updateOne({ _id: 'a' }, { $set: { n: 2, 'tags.3': 'w' } });
    });
    const size = logSize(dir);
    const file = path.join(dir, 'things.0.log');
    expect(fs.readFileSync(file, 'utf8')).toMatch(/"u":\[\["a",/);
    // what a kill inside write(2) of the next update leaves: the start of its line
    fs.appendFileSync(file, '{"u":[["a",[1,[["note",[3,7,1,"zz');
    const expected = { _id: 'a', n: 2, tags: ['x', null, null, 'w'], note: 'y'.repeat(500) };
    expect(await all(dir)).toEqual([expected]);
    expect(logSize(dir)).toBe(size);
    await withStore(dir, async (s) => {
      await (await s.collection<Thing>('things')).updateOne({ _id: 'a' }, { $unset: { note: '' } });
    });
    const { note: _gone, ...unset } = expected;
    expect(await all(dir)).toEqual([unset]);
  });

  it('refuses to open a log whose diff record does not fit its document', async () => {
    for (const [i, bad] of [
      '{"u":[["missing",[1,[["n",[0,1]]]]]]}', // a document that does not exist
      '{"u":[["a",[2,0,[],[]]]]}', // an array patch of an object
      '{"u":[["a",[1,[["_id",[0,"b"]]]]]]}', // a changed _id
      '{"u":[["a",[1,[["tags",[2,5,[],[]]]]]]]}', // more elements kept than there are
    ].entries()) {
      const dir = freshDir();
      await withStore(dir, async (s) => {
        await (await s.collection<Thing>('things')).insertOne({ _id: 'a', n: 1, tags: [] });
      });
      const line = i % 2 === 0 ? `${bad}\n{"d":["zz"]}\n` : `${bad}\n`; // in the middle, or last
      fs.appendFileSync(path.join(dir, 'things.0.log'), line);
      await expect(all(dir), bad).rejects.toThrow(CorruptFileError);
    }
  });

  it('logs a one-pixel change of a board-sized document in under a kilobyte, and does not compact', async () => {
    const dir = freshDir();
    const board = {
      _id: '0:1',
      colors: 'FFFFFF'.repeat(2401),
      owners: Array.from({ length: 2401 }, (): string | null => null),
      soldAt: Array.from({ length: 2401 }, () => 0),
      committed: [] as string[],
      version: 0,
    };
    const live = await withStore(dir, async (s) => {
      const boards = await s.collection<typeof board>('boards');
      await boards.insertOne(board);
      let cur = board;
      for (let i = 0; i < 200; i++) {
        const before = fs.statSync(path.join(dir, 'boards.0.log')).size;
        const owners = cur.owners.slice();
        owners[i] = `user-${i}`;
        const next = {
          ...cur,
          owners,
          soldAt: cur.soldAt.map((t, j) => (j === i ? 1_765_000_000_000 : t)),
          colors: `${cur.colors.slice(0, i * 6)}00FF00${cur.colors.slice(i * 6 + 6)}`,
          committed: [...cur.committed, `order-${i}`],
          version: cur.version + 1,
        };
        expect((await boards.replaceOne({ _id: cur._id, version: cur.version }, next)).modifiedCount).toBe(1);
        cur = next;
        expect(fs.statSync(path.join(dir, 'boards.0.log')).size - before).toBeLessThan(1024);
      }
      expect(fs.existsSync(path.join(dir, 'boards.snapshot')), 'no compaction').toBe(false);
      return cur;
    });
    const reopened = await withStore(dir, async (s) => (await s.collection('boards')).find({}));
    expect(JSON.stringify(reopened)).toBe(JSON.stringify([live]));
    expect(live.owners.slice(0, 3)).toEqual(['user-0', 'user-1', 'user-2']);
  });
});
