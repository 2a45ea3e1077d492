/**
 * The document-store contract: one suite every adapter of the port must pass (embedded and MongoDB).
 * It pins the query semantics the services rely on, so the MongoDB adapter can stay a pass-through
 * and the embedded adapter is held to MongoDB's behaviour.
 *
 * Each test works in collections of its own (unique names), so tests never see each other's data.
 * Nothing here relies on natural order: every order-sensitive read sorts.
 *
 * Parts: this file (CRUD, sort/paging/projection, copies, reopen), docstore-filters.contract.ts,
 * docstore-updates.contract.ts, docstore-unique.contract.ts, docstore-concurrency.contract.ts;
 * `contracts/index.ts` (`documentStoreContract`) runs them all against one adapter.
 */
import { describe, expect, it } from 'vitest';
import type { ContractContext } from '../contracts/docstore-context.js';
import type { Collection, Doc, IndexSpec } from './port.js';
import { DuplicateKeyError } from './port.js';

interface Item extends Doc {
  kind?: string;
  n?: number;
  name?: string;
  tags?: string[];
  nested?: { a?: number; b?: string[] };
  extra?: unknown;
}

export function registerCrudTests({ coll }: ContractContext): void {
  describe('insert, find, count, replace, delete', () => {
    it('inserts and reads documents back by _id and by field', async () => {
      const c = await coll<Item>('crud');
      await c.insertOne({ _id: 'a', kind: 'x', n: 1, nested: { a: 1, b: ['p', 'q'] } });
      await c.insertOne({ _id: 'b', kind: 'y', n: 2 });
      expect(await c.findOne({ _id: 'a' })).toEqual({
        _id: 'a',
        kind: 'x',
        n: 1,
        nested: { a: 1, b: ['p', 'q'] },
      });
      expect(await c.findOne({ kind: 'y' })).toEqual({ _id: 'b', kind: 'y', n: 2 });
      expect(await c.findOne({ _id: 'missing' })).toBeNull();
      expect(await c.countDocuments({})).toBe(2);
      expect((await c.find({}, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(['a', 'b']);
    });

    it('refuses a second document with the same _id (index _id_) and keeps the first', async () => {
      const c = await coll<Item>('dupid');
      await c.insertOne({ _id: 'a', n: 1 });
      const err = await c.insertOne({ _id: 'a', n: 2 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DuplicateKeyError);
      expect((err as DuplicateKeyError).index).toBe('_id_');
      expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 1 });
    });

    it('stores an undefined field as null, as the MongoDB driver does by default', async () => {
      const c = await coll<Item>('undef');
      await c.insertOne({ _id: 'u', n: 1, extra: undefined });
      expect(await c.findOne({ _id: 'u' })).toEqual({ _id: 'u', n: 1, extra: null });
      expect(await c.countDocuments({ extra: { $exists: true } })).toBe(1);
    });

    it('replaceOne replaces the whole document, keeps _id, and upserts with the filter _id', async () => {
      const c = await coll<Item>('replace');
      await c.insertOne({ _id: 'r', kind: 'old', n: 1, tags: ['t'] });
      expect(await c.replaceOne({ _id: 'r', n: 1 }, { _id: 'r', kind: 'new' })).toEqual({
        matchedCount: 1,
        modifiedCount: 1,
      });
      expect(await c.findOne({ _id: 'r' })).toEqual({ _id: 'r', kind: 'new' });
      // A compare-and-set that lost: the filter no longer matches.
      expect(await c.replaceOne({ _id: 'r', n: 1 }, { _id: 'r', kind: 'late' })).toEqual({
        matchedCount: 0,
        modifiedCount: 0,
      });
      const up = await c.replaceOne({ _id: 's' }, { _id: 's', kind: 'fresh' }, { upsert: true });
      expect(up).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedId: 's' });
      expect(await c.findOne({ _id: 's' })).toEqual({ _id: 's', kind: 'fresh' });
    });

    it('deleteOne removes one match, deleteMany all matches', async () => {
      const c = await coll<Item>('delete');
      for (const [i, kind] of ['x', 'x', 'x', 'y'].entries()) await c.insertOne({ _id: `d${i}`, kind });
      expect(await c.deleteOne({ kind: 'x' })).toEqual({ deletedCount: 1 });
      expect(await c.countDocuments({ kind: 'x' })).toBe(2);
      expect(await c.deleteOne({ kind: 'none' })).toEqual({ deletedCount: 0 });
      expect(await c.deleteMany({ kind: 'x' })).toEqual({ deletedCount: 2 });
      expect(await c.find({}, { sort: { _id: 1 } })).toEqual([{ _id: 'd3', kind: 'y' }]);
      // A deleted _id can be inserted again.
      await c.insertOne({ _id: 'd0', kind: 'again' });
      expect(await c.countDocuments({})).toBe(2);
    });

    it('returns deep copies: mutating inputs or results never changes stored documents', async () => {
      const c = await coll<Item>('copies');
      const input: Item = { _id: 'c', nested: { a: 1, b: ['x'] }, tags: ['t'] };
      await c.insertOne(input);
      input.nested!.b!.push('mutated');
      input.tags!.length = 0;
      const read = (await c.findOne({ _id: 'c' }))!;
      expect(read).toEqual({ _id: 'c', nested: { a: 1, b: ['x'] }, tags: ['t'] });
      read.nested!.a = 99;
      read.tags!.push('oops');
      const listed = await c.find({ _id: 'c' });
      listed[0]!.nested!.b!.push('again');
      const after = await c.findOneAndUpdate({ _id: 'c' }, { $set: { n: 1 } });
      after!.nested!.a = 42;
      const pushed = ['y'];
      await c.updateOne({ _id: 'c' }, { $push: { 'nested.b': { $each: pushed } } });
      pushed.push('z');
      expect(await c.findOne({ _id: 'c' })).toEqual({
        _id: 'c',
        nested: { a: 1, b: ['x', 'y'] },
        tags: ['t'],
        n: 1,
      });
    });
  });
}

export function registerShapeTests({ coll }: ContractContext): void {
  describe('sort, skip, limit, projection', () => {
    async function seeded(): Promise<Collection<Item>> {
      const c = await coll<Item>('paging');
      const rows: Array<[string, string, number]> = [
        ['p1', 'b', 3],
        ['p2', 'a', 2],
        ['p3', 'b', 1],
        ['p4', 'a', 5],
        ['p5', 'c', 4],
        ['p6', 'a', 2],
      ];
      for (const [_id, kind, n] of rows) await c.insertOne({ _id, kind, n, name: `${kind}${n}` });
      return c;
    }

    it('sorts on two keys in priority order (ascending and descending)', async () => {
      const c = await seeded();
      const ids = async (sort: Record<string, 1 | -1>) => (await c.find({}, { sort })).map((d) => d._id);
      expect(await ids({ kind: 1, n: -1, _id: 1 })).toEqual(['p4', 'p2', 'p6', 'p1', 'p3', 'p5']);
      expect(await ids({ kind: -1, n: 1, _id: 1 })).toEqual(['p5', 'p3', 'p1', 'p2', 'p6', 'p4']);
      expect(await ids({ n: -1, _id: -1 })).toEqual(['p4', 'p5', 'p1', 'p6', 'p2', 'p3']);
      expect((await c.findOne({ kind: 'a' }, { sort: { n: -1 } }))?._id).toBe('p4');
    });

    it('pages with skip and limit over a sort, and counts with a filter', async () => {
      const c = await seeded();
      const page = async (skip: number, limit: number) =>
        (await c.find({}, { sort: { n: 1, _id: 1 }, skip, limit })).map((d) => d._id);
      expect(await page(0, 2)).toEqual(['p3', 'p2']);
      expect(await page(2, 2)).toEqual(['p6', 'p1']);
      expect(await page(4, 2)).toEqual(['p5', 'p4']);
      expect(await page(6, 2)).toEqual([]);
      expect(await page(5, 0)).toEqual(['p4']); // limit 0 = no limit
      expect(await c.countDocuments({})).toBe(6);
      expect(await c.countDocuments({ kind: 'a' })).toBe(3);
      expect(await c.countDocuments({ n: { $gte: 3 } })).toBe(3);
    });

    it('pages a filtered ($in on an indexed field) list sorted newest first with an id tie-break', async () => {
      // the shape of a buyer's order list: one owner's documents in some states, newest first
      const c = await coll<Item>('owner-pages', [{ fields: { kind: 1, name: 1, n: -1 } }]);
      const rows: Array<[string, string, string, number]> = [
        ['o1', 'alice', 'paid', 1],
        ['o2', 'alice', 'open', 2],
        ['o3', 'bob', 'paid', 3],
        ['o4', 'alice', 'back', 4],
        ['o5', 'alice', 'paid', 4],
        ['o6', 'alice', 'paid', 6],
      ];
      for (const [_id, kind, name, n] of rows) await c.insertOne({ _id, kind, name, n });
      const filter = { kind: 'alice', name: { $in: ['paid', 'back'] } };
      const page = async (skip: number, limit: number) =>
        (await c.find(filter, { sort: { n: -1, _id: -1 }, skip, limit })).map((d) => d._id);
      expect(await page(0, 2)).toEqual(['o6', 'o5']);
      expect(await page(2, 2)).toEqual(['o4', 'o1']);
      expect(await page(4, 2)).toEqual([]);
      expect(await c.countDocuments(filter)).toBe(4);
    });

    it('orders null and missing first, then numbers, then strings, then booleans', async () => {
      const c = await coll<Doc & { v?: unknown }>('mixed');
      const values: Array<[string, unknown]> = [
        ['s', 'text'],
        ['t', true],
        ['n1', 10],
        ['z', null],
        ['n2', -1.5],
        ['f', false],
        ['a', 'Apple'],
      ];
      for (const [_id, v] of values) await c.insertOne({ _id, v });
      await c.insertOne({ _id: 'm' });
      const ids = (await c.find({}, { sort: { v: 1, _id: 1 } })).map((d) => d._id);
      expect(ids).toEqual(['m', 'z', 'n2', 'n1', 'a', 's', 'f', 't']);
      const desc = (await c.find({}, { sort: { v: -1, _id: 1 } })).map((d) => d._id);
      expect(desc).toEqual(['t', 'f', 's', 'a', 'n1', 'n2', 'm', 'z']);
    });

    it('projects by inclusion (with and without _id) and by exclusion, with dotted paths', async () => {
      const c = await coll<Item>('projection');
      await c.insertOne({ _id: 'p', kind: 'k', n: 7, nested: { a: 1, b: ['x'] }, tags: ['t'] });
      expect(await c.findOne({ _id: 'p' }, { projection: { kind: 1, 'nested.a': 1 } })).toEqual({
        _id: 'p',
        kind: 'k',
        nested: { a: 1 },
      });
      expect(await c.findOne({ _id: 'p' }, { projection: { kind: 1, _id: 0 } })).toEqual({ kind: 'k' });
      expect(await c.findOne({ _id: 'p' }, { projection: { nested: 0, tags: 0 } })).toEqual({
        _id: 'p',
        kind: 'k',
        n: 7,
      });
      expect(await c.find({ _id: 'p' }, { projection: { 'nested.b': 0, _id: 0, kind: 0 } })).toEqual([
        { n: 7, nested: { a: 1 }, tags: ['t'] },
      ]);
    });
  });
}

export function registerReopenTests(ctx: ContractContext): void {
  describe('reopen', () => {
    it('shows every acknowledged write after the store is closed and opened again', async ({ skip }) => {
      if (!ctx.reopen) return skip('this adapter has no reopen');
      const indexes: IndexSpec[] = [{ fields: { email: 1 }, unique: true }];
      const name = 'reopen';
      const c = await ctx.coll<Doc & { email: string; n: number; big?: string[] }>(name, indexes);
      const big = Array.from({ length: 2401 }, (_, i) => `#${(i * 7919).toString(16).padStart(6, '0')}`);
      for (let i = 0; i < 30; i++) await c.insertOne({ _id: `r${i}`, email: `u${i}@x`, n: i, big });
      await c.updateMany({ n: { $lt: 10 } }, { $inc: { n: 100 } });
      await c.deleteMany({ n: { $gte: 20, $lt: 100 } });
      await c.updateOne({ _id: 'r15' }, { $set: { 'big.5': 'changed' } });
      const before = await c.find({}, { sort: { _id: 1 } });
      expect(before).toHaveLength(20);

      const reopened = await ctx.reopen();
      const again = await reopened.collection<Doc & { email: string; n: number; big?: string[] }>(c.name, {
        indexes,
      });
      expect(await again.find({}, { sort: { _id: 1 } })).toEqual(before);
      expect((await again.findOne({ _id: 'r15' }))?.big?.[5]).toBe('changed');
      // Unique indexes hold across the reopen.
      await expect(again.insertOne({ _id: 'new', email: 'u3@x', n: 0 })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
    });
  });
}
