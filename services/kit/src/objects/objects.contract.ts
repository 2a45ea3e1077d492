/**
 * The object-store contract: one suite every adapter of the port must pass (embedded files and
 * GridFS). Each test uses keys of its own (a per-run prefix), so tests never see each other's data.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidObjectError, ObjectExistsError, type ObjectStore } from './port.js';

export interface ObjectStoreFixture {
  store: ObjectStore;
  /** Closes `store` and opens the same data again. */
  reopen: () => Promise<ObjectStore>;
  cleanup: () => Promise<void>;
}

export function objectStoreContract(name: string, open: () => Promise<ObjectStoreFixture>): void {
  describe(`ObjectStore contract: ${name}`, () => {
    let f: ObjectStoreFixture;
    const run = Math.random().toString(36).slice(2, 8);
    let n = 0;
    const key = (label: string) => `t-${run}/${label}-${++n}.bin`;
    const store = () => f.store;

    beforeAll(async () => {
      f = await open();
    });
    afterAll(async () => {
      await f?.cleanup();
    });

    it('stores bytes with their content type and metadata, and gives them back exactly', async () => {
      const k = key('roundtrip');
      const data = new Uint8Array(randomBytes(1000));
      const before = Date.now();
      await store().put(k, data, { contentType: 'image/png', metadata: { owner: 'u1', width: '10' } });
      const got = await store().get(k);
      expect(got).not.toBeNull();
      expect(Buffer.from(got!.data).equals(Buffer.from(data))).toBe(true);
      expect(got).toMatchObject({
        key: k,
        contentType: 'image/png',
        size: 1000,
        metadata: { owner: 'u1', width: '10' },
      });
      expect(got!.storedAt).toBeGreaterThanOrEqual(before - 1000);
      const info = await store().stat(k);
      expect(info).toEqual({
        key: k,
        contentType: 'image/png',
        size: 1000,
        storedAt: got!.storedAt,
        metadata: got!.metadata,
      });
      expect(info).not.toHaveProperty('data');
    });

    it('keeps an object larger than one GridFS chunk and an empty one', async () => {
      const big = new Uint8Array(randomBytes(3 * 1024 * 1024 + 17));
      const k = key('big');
      await store().put(k, big, { contentType: 'image/webp' });
      const got = await store().get(k);
      expect(got!.size).toBe(big.length);
      expect(Buffer.from(got!.data).equals(Buffer.from(big))).toBe(true);
      const e = key('empty');
      await store().put(e, new Uint8Array(0), { contentType: 'text/plain' });
      expect((await store().get(e))!.data.length).toBe(0);
      expect((await store().get(e))!.metadata).toEqual({});
    });

    it('answers null for a missing key', async () => {
      expect(await store().get(key('missing'))).toBeNull();
      expect(await store().stat(key('missing'))).toBeNull();
    });

    it('refuses a second put of a key and keeps the first object unchanged', async () => {
      const k = key('once');
      await store().put(k, new Uint8Array([1, 2, 3]), { contentType: 'image/png' });
      const err = await store()
        .put(k, new Uint8Array([9, 9]), { contentType: 'image/jpeg' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ObjectExistsError);
      const got = await store().get(k);
      expect([...got!.data]).toEqual([1, 2, 3]);
      expect(got!.contentType).toBe('image/png');
    });

    it('deletes: true once, then false, and the key is free again', async () => {
      const k = key('del');
      await store().put(k, new Uint8Array([7]), { contentType: 'image/png' });
      expect(await store().delete(k)).toBe(true);
      expect(await store().delete(k)).toBe(false);
      expect(await store().get(k)).toBeNull();
      await store().put(k, new Uint8Array([8]), { contentType: 'image/png' });
      expect([...(await store().get(k))!.data]).toEqual([8]);
    });

    it('stores many objects at once, each whole', async () => {
      const items = Array.from({ length: 20 }, (_, i) => ({
        k: key(`many${i}`),
        d: new Uint8Array(randomBytes(5000 + i)),
      }));
      await Promise.all(items.map(({ k, d }) => store().put(k, d, { contentType: 'image/png' })));
      for (const { k, d } of items)
        expect(Buffer.from((await store().get(k))!.data).equals(Buffer.from(d))).toBe(true);
    });

    it('refuses invalid keys and arguments with InvalidObjectError', async () => {
      for (const bad of [
        '',
        '../x',
        'a/../b',
        '.hidden',
        'a//b',
        'a/',
        '/a',
        'x'.repeat(201),
        'a b',
        'a\\b',
        'é',
        'a$b',
      ]) {
        await expect(
          store().put(bad, new Uint8Array(1), { contentType: 'image/png' }),
          bad,
        ).rejects.toBeInstanceOf(InvalidObjectError);
        await expect(store().get(bad), bad).rejects.toBeInstanceOf(InvalidObjectError);
        await expect(store().stat(bad), bad).rejects.toBeInstanceOf(InvalidObjectError);
        await expect(store().delete(bad), bad).rejects.toBeInstanceOf(InvalidObjectError);
      }
      await expect(store().put(key('ct'), new Uint8Array(1), { contentType: '' })).rejects.toBeInstanceOf(
        InvalidObjectError,
      );
      await expect(store().put(key('ct'), new Uint8Array(1), { contentType: 'a\nb' })).rejects.toBeInstanceOf(
        InvalidObjectError,
      );
      await expect(
        store().put(key('data'), 'text' as unknown as Uint8Array, { contentType: 'image/png' }),
      ).rejects.toBeInstanceOf(InvalidObjectError);
    });

    it('keeps every stored object across a reopen', async () => {
      const k = key('durable');
      await store().put(k, new Uint8Array([4, 5, 6]), { contentType: 'image/jpeg', metadata: { a: 'b' } });
      f.store = await f.reopen();
      const got = await store().get(k);
      expect([...got!.data]).toEqual([4, 5, 6]);
      expect(got).toMatchObject({ contentType: 'image/jpeg', metadata: { a: 'b' } });
    });
  });
}
