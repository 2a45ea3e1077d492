/**
 * Contract: every update operator of the port with dotted paths, match/modify counts, upserts seeded
 * from the filter, findOneAndUpdate (before/after, sort, upsert) and refused updates that leave the
 * document untouched.
 */
import { describe, expect, it } from 'vitest';
import type { ContractContext } from '../contracts/docstore-context.js';
import type { Doc } from './port.js';

interface Rec extends Doc {
  [field: string]: unknown;
}

export function registerUpdateTests({ coll }: ContractContext): void {
  describe('update operators', () => {
    it('$set and $unset on fields, dotted paths and array positions', async () => {
      const c = await coll<Rec>('set');
      await c.insertOne({ _id: 's', a: 1, list: ['x', 'y'], nested: { keep: true, drop: 1 } });
      await c.updateOne(
        { _id: 's' },
        { $set: { a: 2, 'deep.er.value': 'v', 'list.1': 'Y', 'nested.added': [1] } },
      );
      await c.updateOne({ _id: 's' }, { $unset: { 'nested.drop': '', missing: '', 'no.such.path': '' } });
      expect(await c.findOne({ _id: 's' })).toEqual({
        _id: 's',
        a: 2,
        list: ['x', 'Y'],
        nested: { keep: true, added: [1] },
        deep: { er: { value: 'v' } },
      });
      await c.updateOne({ _id: 's' }, { $unset: { a: 1, nested: 1 } });
      expect(await c.findOne({ _id: 's' })).toEqual({
        _id: 's',
        list: ['x', 'Y'],
        deep: { er: { value: 'v' } },
      });
    });

    it('$inc on existing, missing and dotted fields', async () => {
      const c = await coll<Rec>('inc');
      await c.insertOne({ _id: 'i', n: 5, stats: { views: 1 } });
      await c.updateOne({ _id: 'i' }, { $inc: { n: -2, 'stats.views': 10, 'stats.likes': 1, fresh: 0.5 } });
      expect(await c.findOne({ _id: 'i' })).toEqual({
        _id: 'i',
        n: 3,
        stats: { views: 11, likes: 1 },
        fresh: 0.5,
      });
    });

    it('$push (value and $each), $addToSet (no duplicates) and $pull (values and conditions)', async () => {
      const c = await coll<Rec>('arrays');
      await c.insertOne({
        _id: 'a',
        list: [1, 2, 3, 2],
        docs: [
          { k: 'a', v: 1 },
          { k: 'b', v: 2 },
        ],
        set: ['x'],
      });
      await c.updateOne(
        { _id: 'a' },
        { $push: { list: 4, created: 'first', 'nested.more': { $each: ['m', 'n'] } } },
      );
      await c.updateOne({ _id: 'a' }, { $push: { list: { $each: [5, 6] } } });
      await c.updateOne({ _id: 'a' }, { $addToSet: { set: 'x', other: 'o' } });
      await c.updateOne({ _id: 'a' }, { $addToSet: { set: { $each: ['y', 'x', 'y', 'z'] } } });
      let doc = await c.findOne({ _id: 'a' });
      expect(doc?.list).toEqual([1, 2, 3, 2, 4, 5, 6]);
      expect(doc?.created).toEqual(['first']);
      expect(doc?.nested).toEqual({ more: ['m', 'n'] });
      expect(doc?.set).toEqual(['x', 'y', 'z']);
      expect(doc?.other).toEqual(['o']);

      await c.updateOne({ _id: 'a' }, { $pull: { list: 2, docs: { k: 'b', v: 2 }, set: 'absent' } });
      doc = await c.findOne({ _id: 'a' });
      expect(doc?.list).toEqual([1, 3, 4, 5, 6]);
      expect(doc?.docs).toEqual([{ k: 'a', v: 1 }]);
      await c.updateOne({ _id: 'a' }, { $pull: { list: { $gte: 4 } } });
      expect((await c.findOne({ _id: 'a' }))?.list).toEqual([1, 3]);
    });

    it('$min and $max keep the smaller / larger value (numbers and strings), and set missing fields', async () => {
      const c = await coll<Rec>('minmax');
      await c.insertOne({ _id: 'm', low: 10, high: 10, word: 'm' });
      await c.updateOne(
        { _id: 'm' },
        { $min: { low: 3, word: 'c', lowNew: 7 }, $max: { high: 8, highNew: 1 } },
      );
      expect(await c.findOne({ _id: 'm' })).toEqual({
        _id: 'm',
        low: 3,
        high: 10,
        word: 'c',
        lowNew: 7,
        highNew: 1,
      });
      await c.updateOne({ _id: 'm' }, { $min: { low: 5 }, $max: { high: 12, word: 'q' } });
      expect(await c.findOne({ _id: 'm' })).toMatchObject({ low: 3, high: 12, word: 'q' });
    });

    it('reports matched and modified counts; updateOne changes one match, updateMany all', async () => {
      const c = await coll<Rec>('counts');
      for (const _id of ['a', 'b', 'c']) await c.insertOne({ _id, group: 'g', n: 0 });
      expect(await c.updateOne({ group: 'g' }, { $inc: { n: 1 } })).toEqual({
        matchedCount: 1,
        modifiedCount: 1,
      });
      expect(await c.countDocuments({ n: 1 })).toBe(1);
      expect(await c.updateOne({ _id: 'a' }, { $set: { group: 'g' } })).toEqual({
        matchedCount: 1,
        modifiedCount: 0,
      });
      expect(await c.updateOne({ _id: 'zz' }, { $set: { n: 1 } })).toEqual({
        matchedCount: 0,
        modifiedCount: 0,
      });
      expect(await c.updateMany({ group: 'g' }, { $set: { n: 1 } })).toEqual({
        matchedCount: 3,
        modifiedCount: 2,
      });
      expect(await c.updateMany({ group: 'none' }, { $set: { n: 1 } })).toEqual({
        matchedCount: 0,
        modifiedCount: 0,
      });
      expect(await c.countDocuments({ n: 1 })).toBe(3);
    });

    it('upserts a document seeded from the filter equality fields (dotted and $and), then updated', async () => {
      const c = await coll<Rec>('upsert');
      const res = await c.updateOne(
        { _id: 'u1', 'owner.id': 'o1', kind: { $eq: 'k' }, n: { $gt: 5 }, $and: [{ tier: 'gold' }] },
        { $set: { name: 'new' }, $inc: { count: 1 }, $setOnInsert: { createdBy: 'upsert' } },
        { upsert: true },
      );
      expect(res).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedId: 'u1' });
      expect(await c.findOne({ _id: 'u1' })).toEqual({
        _id: 'u1',
        owner: { id: 'o1' },
        kind: 'k',
        tier: 'gold',
        name: 'new',
        count: 1,
        createdBy: 'upsert',
      });
      // Matched this time: a plain update, $setOnInsert ignored, no upsertedId.
      const again = await c.updateOne(
        { _id: 'u1' },
        { $inc: { count: 1 }, $setOnInsert: { createdBy: 'second' } },
        { upsert: true },
      );
      expect(again).toEqual({ matchedCount: 1, modifiedCount: 1 });
      expect(await c.findOne({ _id: 'u1' })).toMatchObject({ count: 2, createdBy: 'upsert' });
      // Without _id in the filter the store generates one.
      const gen = await c.updateOne({ kind: 'generated' }, { $set: { v: 1 } }, { upsert: true });
      expect(typeof gen.upsertedId).toBe('string');
      expect(await c.findOne({ kind: 'generated' }, { projection: { _id: 0 } })).toEqual({
        kind: 'generated',
        v: 1,
      });
    });

    it('findOneAndUpdate returns the document after (default) or before, honours sort, and upserts', async () => {
      const c = await coll<Rec>('fau');
      await c.insertOne({ _id: 'j1', state: 'ready', priority: 2 });
      await c.insertOne({ _id: 'j2', state: 'ready', priority: 1 });
      await c.insertOne({ _id: 'j3', state: 'ready', priority: 3 });
      const first = await c.findOneAndUpdate(
        { state: 'ready' },
        { $set: { state: 'taken' } },
        { sort: { priority: 1 } },
      );
      expect(first).toEqual({ _id: 'j2', state: 'taken', priority: 1 });
      const before = await c.findOneAndUpdate(
        { state: 'ready' },
        { $set: { state: 'taken' }, $inc: { tries: 1 } },
        { sort: { priority: -1 }, returnDocument: 'before' },
      );
      expect(before).toEqual({ _id: 'j3', state: 'ready', priority: 3 });
      expect(await c.findOne({ _id: 'j3' })).toEqual({ _id: 'j3', state: 'taken', priority: 3, tries: 1 });
      expect(await c.findOneAndUpdate({ state: 'none' }, { $set: { x: 1 } })).toBeNull();
      const upAfter = await c.findOneAndUpdate({ _id: 'j9' }, { $set: { state: 'new' } }, { upsert: true });
      expect(upAfter).toEqual({ _id: 'j9', state: 'new' });
      const upBefore = await c.findOneAndUpdate(
        { _id: 'j10' },
        { $set: { state: 'new' } },
        { upsert: true, returnDocument: 'before' },
      );
      expect(upBefore).toBeNull();
      expect(await c.countDocuments({ state: 'new' })).toBe(2);
    });

    it('refuses invalid updates and leaves the document unchanged', async () => {
      const c = await coll<Rec>('invalid');
      const original = { _id: 'v', name: 'text', n: 1 };
      await c.insertOne(original);
      await expect(c.updateOne({ _id: 'v' }, { name: 'no operators' } as never)).rejects.toThrow();
      await expect(c.updateOne({ _id: 'v' }, { $inc: { name: 1 } })).rejects.toThrow();
      await expect(c.updateOne({ _id: 'v' }, { $set: { _id: 'other' } })).rejects.toThrow();
      await expect(c.updateOne({ _id: 'v' }, { $set: { n: 2 }, $inc: { n: 1 } })).rejects.toThrow();
      await expect(c.updateOne({ _id: 'v' }, { $push: { name: 'x' } })).rejects.toThrow();
      await expect(c.updateOne({ _id: 'v' }, { $set: { n: 5, 'name.sub': 1 } })).rejects.toThrow();
      expect(await c.findOne({ _id: 'v' })).toEqual(original);
    });
  });
}
