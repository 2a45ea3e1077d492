/**
 * Contract: every filter operator of the port, with MongoDB's semantics for dotted paths, arrays,
 * null/missing and type brackets. One shared data set; each assertion lists the matching _ids.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContractContext } from '../contracts/docstore-context.js';
import type { Collection, Doc, Filter } from './port.js';

interface Person extends Doc {
  name: string;
  age?: number | string;
  tags?: string[];
  owner?: { id: string; name?: string };
  items?: Array<{ sku: string; qty: number }>;
  score?: number | null;
}

const PEOPLE: Person[] = [
  {
    _id: 'f1',
    name: 'Alice',
    age: 30,
    tags: ['red', 'blue'],
    owner: { id: 'u1', name: 'Al' },
    items: [
      { sku: 'A', qty: 1 },
      { sku: 'B', qty: 5 },
    ],
    score: null,
  },
  { _id: 'f2', name: 'bob', age: 25, tags: ['green'], owner: { id: 'u2' }, items: [{ sku: 'B', qty: 2 }] },
  { _id: 'f3', name: 'Carol', age: '40', tags: [], items: [] },
  { _id: 'f4', name: 'dave', age: 35, owner: { id: 'u1', name: 'Dv' } },
];

export function registerFilterTests({ coll }: ContractContext): void {
  describe('filter operators', () => {
    let c: Collection<Person>;
    const ids = async (filter: Filter<Person>) =>
      (await c.find(filter, { sort: { _id: 1 } })).map((d) => d._id);

    beforeAll(async () => {
      c = await coll<Person>('filters');
      for (const p of PEOPLE) await c.insertOne(p);
    });

    it('matches equality on fields, dotted paths, array elements and whole values', async () => {
      expect(await ids({ name: 'bob' })).toEqual(['f2']);
      expect(await ids({ age: 30 })).toEqual(['f1']);
      expect(await ids({ age: '30' })).toEqual([]);
      expect(await ids({ 'owner.id': 'u1' })).toEqual(['f1', 'f4']);
      expect(await ids({ tags: 'red' })).toEqual(['f1']);
      expect(await ids({ tags: ['red', 'blue'] })).toEqual(['f1']);
      expect(await ids({ tags: ['blue', 'red'] })).toEqual([]);
      expect(await ids({ tags: [] })).toEqual(['f3']);
      expect(await ids({ 'items.sku': 'B' })).toEqual(['f1', 'f2']);
      expect(await ids({ 'items.0.sku': 'A' })).toEqual(['f1']);
      expect(await ids({ owner: { id: 'u2' } })).toEqual(['f2']);
      expect(await ids({ name: 'bob', age: 30 })).toEqual([]);
      expect(await ids({})).toEqual(['f1', 'f2', 'f3', 'f4']);
    });

    it('matches null against null and missing fields', async () => {
      expect(await ids({ score: null })).toEqual(['f1', 'f2', 'f3', 'f4']);
      expect(await ids({ 'owner.name': null })).toEqual(['f2', 'f3']);
      expect(await ids({ owner: null })).toEqual(['f3']);
    });

    it('$eq and $ne ($ne also matches missing fields and excludes arrays holding the value)', async () => {
      expect(await ids({ age: { $eq: 30 } })).toEqual(['f1']);
      expect(await ids({ tags: { $eq: 'green' } })).toEqual(['f2']);
      expect(await ids({ name: { $ne: 'bob' } })).toEqual(['f1', 'f3', 'f4']);
      expect(await ids({ tags: { $ne: 'red' } })).toEqual(['f2', 'f3', 'f4']);
      expect(await ids({ 'owner.id': { $ne: 'u1' } })).toEqual(['f2', 'f3']);
      expect(await ids({ score: { $ne: null } })).toEqual([]);
    });

    it('$gt, $gte, $lt, $lte compare within one type only', async () => {
      expect(await ids({ age: { $gt: 25 } })).toEqual(['f1', 'f4']);
      expect(await ids({ age: { $gte: 25, $lt: 35 } })).toEqual(['f1', 'f2']);
      expect(await ids({ age: { $lte: 30 } })).toEqual(['f1', 'f2']);
      expect(await ids({ age: { $lt: 25 } })).toEqual([]);
      expect(await ids({ age: { $gt: '3' } })).toEqual(['f3']);
      expect(await ids({ name: { $gt: 'a' } })).toEqual(['f2', 'f4']);
      expect(await ids({ name: { $gte: 'Alice', $lt: 'Carol' } })).toEqual(['f1']);
      expect(await ids({ 'items.qty': { $gt: 4 } })).toEqual(['f1']);
      expect(await ids({ 'items.qty': { $lte: 2 } })).toEqual(['f1', 'f2']);
    });

    it('$in and $nin (with arrays and null)', async () => {
      expect(await ids({ name: { $in: ['bob', 'dave', 'zed'] } })).toEqual(['f2', 'f4']);
      expect(await ids({ tags: { $in: ['green', 'blue'] } })).toEqual(['f1', 'f2']);
      expect(await ids({ 'owner.name': { $in: [null, 'Dv'] } })).toEqual(['f2', 'f3', 'f4']);
      expect(await ids({ age: { $in: [] } })).toEqual([]);
      expect(await ids({ name: { $nin: ['bob', 'dave'] } })).toEqual(['f1', 'f3']);
      expect(await ids({ tags: { $nin: ['red'] } })).toEqual(['f2', 'f3', 'f4']);
      expect(await ids({ 'owner.name': { $nin: [null] } })).toEqual(['f1', 'f4']);
    });

    it('$exists on fields and dotted paths (null counts as existing)', async () => {
      expect(await ids({ owner: { $exists: true } })).toEqual(['f1', 'f2', 'f4']);
      expect(await ids({ owner: { $exists: false } })).toEqual(['f3']);
      expect(await ids({ 'owner.name': { $exists: true } })).toEqual(['f1', 'f4']);
      expect(await ids({ score: { $exists: true } })).toEqual(['f1']);
      expect(await ids({ 'items.sku': { $exists: true } })).toEqual(['f1', 'f2']);
    });

    it('$regex on strings and string arrays, with $options i', async () => {
      expect(await ids({ name: { $regex: '^[a-c]' } })).toEqual(['f2']);
      expect(await ids({ name: { $regex: '^[a-c]', $options: 'i' } })).toEqual(['f1', 'f2', 'f3']);
      expect(await ids({ name: { $regex: 'o' } })).toEqual(['f2', 'f3']);
      expect(await ids({ tags: { $regex: 'e' } })).toEqual(['f1', 'f2']);
      expect(await ids({ age: { $regex: '^4' } })).toEqual(['f3']);
      expect(await ids({ name: { $regex: 'ALICE$', $options: 'i' } })).toEqual(['f1']);
    });

    it('$and and $or, nested and next to field conditions', async () => {
      expect(await ids({ $and: [{ age: { $gte: 25 } }, { 'owner.id': 'u1' }] })).toEqual(['f1', 'f4']);
      expect(await ids({ $or: [{ name: 'bob' }, { tags: 'red' }] })).toEqual(['f1', 'f2']);
      expect(await ids({ $or: [{ $and: [{ age: 35 }, { name: 'dave' }] }, { _id: 'f3' }] })).toEqual([
        'f3',
        'f4',
      ]);
      expect(await ids({ 'owner.id': 'u1', $or: [{ age: 30 }, { age: 99 }] })).toEqual(['f1']);
      expect(await ids({ $or: [{ age: 99 }], name: 'bob' })).toEqual([]);
    });

    it('refuses an unknown operator instead of ignoring it', async () => {
      await expect(c.find({ age: { $foo: 1 } })).rejects.toThrow();
      await expect(c.countDocuments({ $foo: [{ age: 1 }] })).rejects.toThrow();
    });
  });
}
