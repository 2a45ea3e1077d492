/**
 * The MongoDB adapter of the object-store port: a thin pass-through to the official driver's GridFS
 * (`GridFSBucket`). The key is the GridFS file id (and its filename); the content type and the
 * caller's metadata go into the file document's `metadata`; `storedAt` is GridFS's `uploadDate`.
 * GridFS writes the chunks first and the file document last, so a reader never sees a file whose
 * chunks are missing; a put of an existing key is refused before writing (and by the unique `_id`
 * of the file document if two puts of one key race, in which case the loser's chunks are removed
 * by the driver's abort). Run its contract suite with MONGODB_URL set.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, MongoClient, MongoServerError, type Db, type ObjectId } from 'mongodb';
import type { Logger } from '../log/logger.js';
import {
  CheckedObjectStore,
  ObjectExistsError,
  type ObjectInfo,
  type PutOptions,
  type StoredObject,
} from './port.js';

/** GridFS ids are any BSON value; the driver's types say ObjectId, the keys are strings. */
const id = (key: string) => key as unknown as ObjectId;

interface FileDoc {
  _id: unknown;
  length: number;
  uploadDate: Date;
  metadata?: { contentType?: string; metadata?: Record<string, string> };
}

function infoOf(key: string, f: FileDoc): ObjectInfo {
  return {
    key,
    contentType: f.metadata?.contentType ?? 'application/octet-stream',
    size: f.length,
    storedAt: f.uploadDate.getTime(),
    metadata: { ...f.metadata?.metadata },
  };
}

export class GridFsObjectStore extends CheckedObjectStore {
  private readonly bucket: GridFSBucket;

  private constructor(
    private readonly client: MongoClient | undefined,
    db: Db,
    bucketName: string,
  ) {
    super();
    this.bucket = new GridFSBucket(db, { bucketName });
  }

  /** Connects (failing fast when the server cannot be reached) and uses bucket `bucketName` of `database`. */
  static async connect(
    url: string,
    database: string,
    bucketName: string,
    logger?: Logger,
  ): Promise<GridFsObjectStore> {
    const client = new MongoClient(url);
    await client.connect();
    logger?.info({ database, bucketName }, 'object store: MongoDB GridFS connected');
    return new GridFsObjectStore(client, client.db(database), bucketName);
  }

  private async file(key: string): Promise<FileDoc | null> {
    const [f] = await this.bucket.find({ _id: id(key) }, { limit: 1 }).toArray();
    return (f as FileDoc | undefined) ?? null;
  }

  protected async putChecked(key: string, data: Uint8Array, options: PutOptions): Promise<void> {
    if (await this.file(key)) throw new ObjectExistsError(key);
    const upload = this.bucket.openUploadStreamWithId(id(key), key, {
      metadata: { contentType: options.contentType, metadata: { ...options.metadata } },
    });
    try {
      await pipeline(Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]), upload);
    } catch (err) {
      if (err instanceof MongoServerError && err.code === 11000) throw new ObjectExistsError(key);
      throw err;
    }
  }

  protected async getChecked(key: string): Promise<StoredObject | null> {
    const f = await this.file(key);
    if (!f) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket.openDownloadStream(id(key))) chunks.push(chunk as Buffer);
    return { ...infoOf(key, f), data: new Uint8Array(Buffer.concat(chunks)) };
  }

  protected async statChecked(key: string): Promise<ObjectInfo | null> {
    const f = await this.file(key);
    return f ? infoOf(key, f) : null;
  }

  protected async deleteChecked(key: string): Promise<boolean> {
    if (!(await this.file(key))) return false;
    try {
      await this.bucket.delete(id(key));
      return true;
    } catch (err) {
      // removed by someone else between the look-up and the delete
      if (err instanceof Error && /File not found for id/.test(err.message)) return false;
      throw err;
    }
  }

  async close(): Promise<void> {
    await this.client?.close();
  }
}
