/**
 * The GridFS adapter's own logic, without a server (none can be installed here; the contract suite
 * runs against a real one where MONGODB_URL is set): the driver's MongoClient and GridFSBucket are
 * replaced by fakes that keep files in memory the way GridFS does (chunks first, the file document
 * last) and record what the adapter asks. Covered: the bucket name, the key as file id and filename,
 * the content type and metadata in the file document, a second put refused before writing, a
 * duplicate-key error from a racing put mapped to ObjectExistsError, get and stat from the file
 * document, delete of a missing file answering false.
 */
import { Writable } from 'node:stream';
import { MongoServerError } from 'mongodb';
import type * as Driver from 'mongodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ObjectExistsError } from './port.js';

interface FakeFile {
  _id: unknown;
  filename: string;
  length: number;
  uploadDate: Date;
  metadata?: unknown;
  data: Buffer;
}
const files = new Map<unknown, FakeFile>();
const calls: { op: string; args: unknown[] }[] = [];
let failNextUpload: Error | undefined;

vi.mock('mongodb', async (importOriginal) => {
  const real = await importOriginal<typeof Driver>();
  class FakeBucket {
    constructor(
      _db: unknown,
      readonly options: { bucketName: string },
    ) {
      calls.push({ op: 'new GridFSBucket', args: [options] });
    }
    find(filter: { _id: unknown }, options?: unknown) {
      calls.push({ op: 'find', args: [filter, options] });
      const f = files.get(filter._id);
      return { toArray: () => Promise.resolve(f ? [{ ...f, data: undefined }] : []) };
    }
    openUploadStreamWithId(id: unknown, filename: string, options: { metadata?: unknown }) {
      calls.push({ op: 'openUploadStreamWithId', args: [id, filename, options] });
      const chunks: Buffer[] = [];
      return new Writable({
        write(chunk: Buffer, _enc, cb) {
          chunks.push(chunk);
          cb();
        },
        final(cb) {
          if (failNextUpload) {
            const err = failNextUpload;
            failNextUpload = undefined;
            cb(err);
            return;
          }
          const data = Buffer.concat(chunks);
          files.set(id, {
            _id: id,
            filename,
            length: data.length,
            uploadDate: new Date(1234),
            metadata: options.metadata,
            data,
          });
          cb();
        },
      });
    }
    async *openDownloadStream(id: unknown) {
      calls.push({ op: 'openDownloadStream', args: [id] });
      const f = files.get(id);
      if (!f) throw new Error('FileNotFound');
      yield f.data.subarray(0, 3);
      yield f.data.subarray(3);
    }
    delete(id: unknown) {
      calls.push({ op: 'delete', args: [id] });
      if (!files.delete(id))
        return Promise.reject(new real.MongoRuntimeError(`File not found for id ${String(id)}`));
      return Promise.resolve();
    }
  }
  class FakeMongoClient {
    constructor(readonly url: string) {}
    connect() {
      return Promise.resolve(this);
    }
    db(name: string) {
      calls.push({ op: 'db', args: [name] });
      return {};
    }
    close() {
      calls.push({ op: 'close', args: [] });
      return Promise.resolve();
    }
  }
  return { ...real, MongoClient: FakeMongoClient, GridFSBucket: FakeBucket };
});

const { GridFsObjectStore } = await import('./gridfs.js');

beforeEach(() => {
  files.clear();
  calls.length = 0;
  failNextUpload = undefined;
});

describe('GridFsObjectStore', () => {
  it('stores under the key as id and filename, with the content type and metadata in the file document', async () => {
    const store = await GridFsObjectStore.connect('mongodb://x', 'tessera_submission', 'objects');
    await store.put('img-a.png', new Uint8Array([1, 2, 3, 4, 5]), {
      contentType: 'image/png',
      metadata: { userId: 'u1' },
    });
    expect(calls.filter((c) => c.op !== 'find')).toEqual([
      { op: 'db', args: ['tessera_submission'] },
      { op: 'new GridFSBucket', args: [{ bucketName: 'objects' }] },
      {
        op: 'openUploadStreamWithId',
        args: [
          'img-a.png',
          'img-a.png',
          { metadata: { contentType: 'image/png', metadata: { userId: 'u1' } } },
        ],
      },
    ]);
    const got = await store.get('img-a.png');
    expect(got).toEqual({
      key: 'img-a.png',
      contentType: 'image/png',
      size: 5,
      storedAt: 1234,
      metadata: { userId: 'u1' },
      data: new Uint8Array([1, 2, 3, 4, 5]),
    });
    expect(await store.stat('img-a.png')).toEqual({
      key: 'img-a.png',
      contentType: 'image/png',
      size: 5,
      storedAt: 1234,
      metadata: { userId: 'u1' },
    });
    await store.close();
    expect(calls.at(-1)).toEqual({ op: 'close', args: [] });
  });

  it('refuses a second put before writing, and maps a racing duplicate key to ObjectExistsError', async () => {
    const store = await GridFsObjectStore.connect('mongodb://x', 'db', 'objects');
    await store.put('k', new Uint8Array([1]), { contentType: 'image/png' });
    calls.length = 0;
    await expect(store.put('k', new Uint8Array([2]), { contentType: 'image/png' })).rejects.toBeInstanceOf(
      ObjectExistsError,
    );
    expect(calls.map((c) => c.op)).toEqual(['find']);
    failNextUpload = new MongoServerError({
      code: 11000,
      errmsg: 'E11000 duplicate key error collection: db.objects.files',
    });
    await expect(store.put('k2', new Uint8Array([2]), { contentType: 'image/png' })).rejects.toBeInstanceOf(
      ObjectExistsError,
    );
    const other = new MongoServerError({ code: 2, errmsg: 'bad value' });
    failNextUpload = other;
    await expect(store.put('k3', new Uint8Array([2]), { contentType: 'image/png' })).rejects.toBe(other);
  });

  it('answers null and false for missing keys', async () => {
    const store = await GridFsObjectStore.connect('mongodb://x', 'db', 'objects');
    expect(await store.get('none')).toBeNull();
    expect(await store.stat('none')).toBeNull();
    expect(await store.delete('none')).toBe(false);
    await store.put('k', new Uint8Array([1]), { contentType: 'image/png' });
    expect(await store.delete('k')).toBe(true);
    expect(await store.get('k')).toBeNull();
  });
});
