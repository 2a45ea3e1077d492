/**
 * Contract: unique indexes (single-field, named, compound, sparse, multikey) refuse duplicates with a
 * DuplicateKeyError naming the index, on insert, update, replace and upsert, and a refused write
 * leaves the data exactly as it was.
 */
import { describe, expect, it } from 'vitest';
import type { ContractContext } from '../contracts/docstore-context.js';
import type { Collection, Doc } from './port.js';
import { DuplicateKeyError } from './port.js';

interface User extends Doc {
  email?: string | null;
  handle?: string | null;
  canvas?: string;
  board?: number;
  tags?: string[];
  version?: number;
}

async function duplicate(write: Promise<unknown>): Promise<DuplicateKeyError> {
  const err = await write.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DuplicateKeyError);
  return err as DuplicateKeyError;
}

async function snapshot(c: Collection<User>): Promise<User[]> {
  return c.find({}, { sort: { _id: 1 } });
}

export function registerUniqueTests({ coll, store }: ContractContext): void {
  describe('unique indexes', () => {
    it('refuses a duplicate on insert, naming the default index', async () => {
      const c = await coll<User>('uniq', [{ fields: { email: 1 }, unique: true }]);
      await c.insertOne({ _id: 'a', email: 'a@x' });
      await c.insertOne({ _id: 'b', email: 'b@x' });
      const err = await duplicate(c.insertOne({ _id: 'c', email: 'a@x' }));
      expect(err.index).toBe('email_1');
      expect(err.collection).toBe(c.name);
      expect(await snapshot(c)).toEqual([
        { _id: 'a', email: 'a@x' },
        { _id: 'b', email: 'b@x' },
      ]);
    });

    it('uses the IndexSpec name, and refuses duplicates on update, replace and upsert', async () => {
      const c = await coll<User>('named', [{ fields: { email: 1 }, unique: true, name: 'by_email' }]);
      await c.insertOne({ _id: 'a', email: 'a@x', version: 1 });
      await c.insertOne({ _id: 'b', email: 'b@x', version: 1 });
      const before = await snapshot(c);
      expect(
        (await duplicate(c.updateOne({ _id: 'b' }, { $set: { email: 'a@x' }, $inc: { version: 1 } }))).index,
      ).toBe('by_email');
      expect((await duplicate(c.replaceOne({ _id: 'b' }, { _id: 'b', email: 'a@x' }))).index).toBe(
        'by_email',
      );
      expect((await duplicate(c.findOneAndUpdate({ _id: 'b' }, { $set: { email: 'a@x' } }))).index).toBe(
        'by_email',
      );
      expect(
        (await duplicate(c.updateOne({ _id: 'new' }, { $set: { email: 'b@x' } }, { upsert: true }))).index,
      ).toBe('by_email');
      expect(
        (
          await duplicate(
            c.findOneAndUpdate({ email: 'b@x', _id: 'n2' }, { $set: { v: 1 } }, { upsert: true }),
          )
        ).index,
      ).toBe('by_email');
      expect(await snapshot(c)).toEqual(before);
    });

    it('an upsert whose compare-and-set filter lost hits the _id index', async () => {
      const c = await coll<User>('casupsert');
      await c.insertOne({ _id: 'doc', version: 2 });
      const err = await duplicate(
        c.updateOne({ _id: 'doc', version: 1 }, { $inc: { version: 1 } }, { upsert: true }),
      );
      expect(err.index).toBe('_id_');
      expect(await c.findOne({ _id: 'doc' })).toEqual({ _id: 'doc', version: 2 });
    });

    it('frees a key when its document changes or is deleted', async () => {
      const c = await coll<User>('free', [{ fields: { email: 1 }, unique: true }]);
      await c.insertOne({ _id: 'a', email: 'a@x' });
      await c.insertOne({ _id: 'b', email: 'b@x' });
      await c.updateOne({ _id: 'a' }, { $set: { email: 'a2@x' } });
      await c.insertOne({ _id: 'c', email: 'a@x' });
      await c.deleteOne({ _id: 'b' });
      await c.updateOne({ _id: 'c' }, { $set: { email: 'b@x' } });
      expect(await snapshot(c)).toEqual([
        { _id: 'a', email: 'a2@x' },
        { _id: 'c', email: 'b@x' },
      ]);
    });

    it('compound unique indexes refuse only the same combination', async () => {
      const c = await coll<User>('compound', [{ fields: { canvas: 1, board: 1 }, unique: true }]);
      await c.insertOne({ _id: '1', canvas: 'c1', board: 1 });
      await c.insertOne({ _id: '2', canvas: 'c1', board: 2 });
      await c.insertOne({ _id: '3', canvas: 'c2', board: 1 });
      const err = await duplicate(c.insertOne({ _id: '4', canvas: 'c1', board: 2 }));
      expect(err.index).toBe('canvas_1_board_1');
      await duplicate(c.updateOne({ _id: '3' }, { $set: { canvas: 'c1' } }));
      await c.updateOne({ _id: '3' }, { $set: { board: 3 } });
      await c.updateOne({ _id: '3' }, { $set: { canvas: 'c1' } });
      expect(await c.countDocuments({ canvas: 'c1' })).toBe(3);
    });

    it('sparse unique indexes ignore documents without the field (null still counts)', async () => {
      const c = await coll<User>('sparse', [{ fields: { handle: 1 }, unique: true, sparse: true }]);
      await c.insertOne({ _id: 'a' });
      await c.insertOne({ _id: 'b' });
      await c.insertOne({ _id: 'c', handle: 'h' });
      expect((await duplicate(c.insertOne({ _id: 'd', handle: 'h' }))).index).toBe('handle_1');
      await c.updateOne({ _id: 'a' }, { $set: { handle: 'ha' } });
      await duplicate(c.updateOne({ _id: 'b' }, { $set: { handle: 'ha' } }));
      await c.insertOne({ _id: 'n1', handle: null });
      await duplicate(c.insertOne({ _id: 'n2', handle: null }));
      await c.updateOne({ _id: 'c' }, { $unset: { handle: '' } });
      await c.insertOne({ _id: 'e', handle: 'h' });
      expect(await c.countDocuments({})).toBe(5);
    });

    it('compound sparse unique indexes only index documents holding every field', async () => {
      const c = await coll<User>('compsparse', [
        { fields: { canvas: 1, board: 1 }, unique: true, sparse: true },
      ]);
      await c.insertOne({ _id: '1', canvas: 'c1' });
      await c.insertOne({ _id: '2', canvas: 'c1' });
      await c.insertOne({ _id: '3', canvas: 'c1', board: 1 });
      await duplicate(c.insertOne({ _id: '4', canvas: 'c1', board: 1 }));
      await c.insertOne({ _id: '5', board: 1 });
      expect(await c.countDocuments({})).toBe(4);
    });

    it('non-sparse unique indexes treat a missing field as null (one such document only)', async () => {
      const c = await coll<User>('missing', [{ fields: { email: 1 }, unique: true }]);
      await c.insertOne({ _id: 'a' });
      await duplicate(c.insertOne({ _id: 'b' }));
      await duplicate(c.insertOne({ _id: 'c', email: null }));
    });

    it('unique indexes on array fields refuse a shared element (multikey)', async () => {
      const c = await coll<User>('multikey', [{ fields: { tags: 1 }, unique: true }]);
      await c.insertOne({ _id: 'a', tags: ['x', 'y'] });
      await duplicate(c.insertOne({ _id: 'b', tags: ['z', 'y'] }));
      await c.insertOne({ _id: 'c', tags: ['z'] });
      await duplicate(c.updateOne({ _id: 'c' }, { $push: { tags: 'x' } }));
      expect(await c.findOne({ _id: 'c' })).toEqual({ _id: 'c', tags: ['z'] });
    });

    it('values of different types never share a key (the string "1" is not the number 1)', async () => {
      interface Coded extends Doc {
        code?: string | number | boolean | null | string[];
      }
      const c = await coll<Coded>('typed', [{ fields: { code: 1 }, unique: true }]);
      const codes: Coded['code'][] = ['1', 1, 'true', true, 'null', null, '~', [], '\u0000null', '"x"', 'x'];
      for (const [i, code] of codes.entries()) await c.insertOne({ _id: `d${i}`, code });
      for (const [i, code] of codes.entries()) {
        await duplicate(c.insertOne({ _id: `again${i}`, code }));
        if (!Array.isArray(code)) expect((await c.findOne({ code }))?._id).toBe(`d${i}`);
      }
      expect(await c.countDocuments({})).toBe(codes.length);
    });

    it('creating a unique index over duplicate data fails with DuplicateKeyError', async () => {
      const c = await coll<User>('late');
      await c.insertOne({ _id: 'a', email: 'same' });
      await c.insertOne({ _id: 'b', email: 'same' });
      await duplicate(
        store().collection<User>(c.name, { indexes: [{ fields: { email: 1 }, unique: true }] }),
      );
      // The data is untouched and still writable.
      await c.insertOne({ _id: 'c', email: 'same' });
      expect(await c.countDocuments({ email: 'same' })).toBe(3);
    });
  });
}
