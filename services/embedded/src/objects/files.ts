/**
 * The embedded object store: one file per object under a folder (`<DATA_DIR>/<service>/objects`),
 * `<key>.obj`, holding a small header (the content type, size, time and metadata as JSON) and the
 * bytes. A put writes a temporary file, flushes it to disk, then hard-links it to its final name:
 * the link either creates the whole object or fails because the key exists (EEXIST), so a crash
 * leaves the object complete or absent, never half-written, and two puts of one key cannot both win.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { syncDir } from '../fs/sync-dir.js';
import type { Logger, ObjectInfo, PutOptions, StoredObject } from '@tessera/kit';
import { CheckedObjectStore, ObjectExistsError } from '@tessera/kit/ports';

const MAGIC = Buffer.from('TSOBJ1\n', 'latin1');
const TMP = '.tmp';

function encodeHeader(info: Omit<ObjectInfo, 'key'>): Buffer {
  const json = Buffer.from(JSON.stringify(info), 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(json.length, 0);
  return Buffer.concat([MAGIC, len, json]);
}

/** The header and bytes of an object file; throws on a file that is not one. */
export function decodeObjectFile(key: string, buf: Buffer): StoredObject {
  if (buf.length < MAGIC.length + 4 || !buf.subarray(0, MAGIC.length).equals(MAGIC))
    throw new Error(`object file of ${key} is not an object file`);
  const len = buf.readUInt32BE(MAGIC.length);
  const start = MAGIC.length + 4;
  const info = JSON.parse(buf.subarray(start, start + len).toString('utf8')) as Omit<ObjectInfo, 'key'>;
  const data = new Uint8Array(buf.subarray(start + len));
  if (data.length !== info.size) throw new Error(`object file of ${key} is truncated`);
  return { key, ...info, data };
}

const isCode = (err: unknown, code: string) => (err as NodeJS.ErrnoException | undefined)?.code === code;

export class EmbeddedObjectStore extends CheckedObjectStore {
  private constructor(
    readonly dir: string,
    private readonly now: () => number,
  ) {
    super();
  }

  /** Opens (creating) the folder and removes temporary files a crashed put left behind. */
  static async open(
    dir: string,
    opts: { logger?: Logger; now?: () => number } = {},
  ): Promise<EmbeddedObjectStore> {
    await fs.mkdir(path.join(dir, TMP), { recursive: true });
    const left = await fs.readdir(path.join(dir, TMP));
    await Promise.all(left.map((f) => fs.rm(path.join(dir, TMP, f), { force: true })));
    if (left.length > 0)
      opts.logger?.info({ dir, removed: left.length }, 'object store: removed unfinished puts');
    return new EmbeddedObjectStore(dir, opts.now ?? Date.now);
  }

  private file(key: string): string {
    return path.join(this.dir, `${key}.obj`);
  }

  protected async putChecked(key: string, data: Uint8Array, options: PutOptions): Promise<void> {
    const final = this.file(key);
    await fs.mkdir(path.dirname(final), { recursive: true });
    const tmp = path.join(this.dir, TMP, `${randomBytes(12).toString('hex')}.part`);
    const header = encodeHeader({
      contentType: options.contentType,
      size: data.length,
      storedAt: this.now(),
      metadata: { ...options.metadata },
    });
    const h = await fs.open(tmp, 'wx');
    try {
      await h.writeFile(Buffer.concat([header, data]));
      await h.sync();
    } finally {
      await h.close();
    }
    try {
      await fs.link(tmp, final);
    } catch (err) {
      if (isCode(err, 'EEXIST')) throw new ObjectExistsError(key);
      throw err;
    } finally {
      await fs.rm(tmp, { force: true });
    }
    await syncDir(path.dirname(final));
  }

  protected async getChecked(key: string): Promise<StoredObject | null> {
    let buf: Buffer;
    try {
      buf = await fs.readFile(this.file(key));
    } catch (err) {
      if (isCode(err, 'ENOENT') || isCode(err, 'ENOTDIR')) return null;
      throw err;
    }
    return decodeObjectFile(key, buf);
  }

  /** Reads the header only (a stat of a 10 MB image reads a few hundred bytes). */
  protected async statChecked(key: string): Promise<ObjectInfo | null> {
    let h;
    try {
      h = await fs.open(this.file(key), 'r');
    } catch (err) {
      if (isCode(err, 'ENOENT') || isCode(err, 'ENOTDIR')) return null;
      throw err;
    }
    try {
      const head = Buffer.alloc(MAGIC.length + 4);
      await h.read(head, 0, head.length, 0);
      if (!head.subarray(0, MAGIC.length).equals(MAGIC))
        throw new Error(`object file of ${key} is not an object file`);
      const json = Buffer.alloc(head.readUInt32BE(MAGIC.length));
      await h.read(json, 0, json.length, head.length);
      return { key, ...(JSON.parse(json.toString('utf8')) as Omit<ObjectInfo, 'key'>) };
    } finally {
      await h.close();
    }
  }

  protected async deleteChecked(key: string): Promise<boolean> {
    try {
      await fs.unlink(this.file(key));
    } catch (err) {
      if (isCode(err, 'ENOENT') || isCode(err, 'ENOTDIR')) return false;
      throw err;
    }
    await syncDir(path.dirname(this.file(key)));
    return true;
  }

  async close(): Promise<void> {}
}

/** The file object store in `dir` (tests, tools, and what `openObjectStore` opens without MONGODB_URL). */
export function createEmbeddedObjectStore(
  dir: string,
  opts?: { logger?: Logger; now?: () => number },
): Promise<EmbeddedObjectStore> {
  return EmbeddedObjectStore.open(dir, opts);
}
