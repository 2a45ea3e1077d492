/**
 * The documents of one embedded collection, by `_id` in insertion order (the natural order): the
 * `hot` most recently used as objects in memory, every other one written once to a spill file and
 * read back when it is needed. Memory then grows with a collection's indexes, not its documents:
 * payment's orders, intents and events would otherwise hold ~2.5 KB of heap per order for as long as
 * the process lives, though all but the last few are never read again.
 *
 *   <name>.spill   records of [4-byte length (LE)][the document's JSON, UTF-8], appended
 *
 * The spill file is a cache, never the state: the snapshot and logs (files.ts) hold every document,
 * and the spill file is truncated when the collection is opened and deleted when it is closed. A
 * spilled document is immutable like every stored one, so its record stays valid until the document
 * changes or goes; a document read back keeps its record, and spilling it again (unchanged) only
 * points back at it. When the file has grown past twice its live records (and `minRewriteBytes`),
 * it is rewritten with the live ones only.
 *
 * Reads are synchronous (pread on the page cache) so that the collection's methods stay atomic.
 * `get` makes a document hot (a lookup by `_id` or index is likely to be followed by an update);
 * `values` (a scan) reads spilled documents without keeping them, so a scan does not push the hot
 * ones out.
 */
import fs from 'node:fs';
import { StoreUnavailableError } from './errors.js';
import type { JsonObject } from './values.js';

export interface DocTableOptions {
  /** Documents kept as objects, the most recently used (at least 1). */
  hot: number;
  /** Never rewrite a spill file smaller than this (bytes). */
  minRewriteBytes?: number;
  /** Told when spilling failed (the documents stay in memory). */
  onError?: (err: unknown) => void;
}

/** A point-in-time view of a table's documents for a snapshot (files.ts). */
export interface SnapshotView {
  /** The documents in natural order: objects, or offsets of spilled ones for `text`. */
  readonly docs: readonly (JsonObject | number)[];
  /** The JSON text of the spilled document at `at`. */
  text(at: number): string;
  /** Closes what the view holds open; call once the snapshot is written. */
  release(): void;
}

const HEADER = 4;
/** The first read of a spilled record: most documents fit, larger ones take a second read. */
const FIRST_READ = 4096;

export class DocTable {
  /** Every document: the object, or the offset of its record in the spill file. */
  readonly #docs = new Map<string, JsonObject | number>();
  /** The ids of the documents held as objects, least recently used first: the offset of their spill record, or -1. */
  readonly #hot = new Map<string, number>();
  readonly #minRewrite: number;
  readonly #onError: ((err: unknown) => void) | undefined;
  #failing = false;
  #fd: number | undefined;
  #end = 0;
  #live = 0;
  #buf = Buffer.allocUnsafe(FIRST_READ);

  constructor(
    private readonly file: string,
    private readonly hot: number,
    opts: Omit<DocTableOptions, 'hot'> = {},
  ) {
    if (!Number.isSafeInteger(hot) || hot < 1) throw new RangeError('hot must be a positive integer');
    this.#minRewrite = opts.minRewriteBytes ?? 8 * 1024 * 1024;
    this.#onError = opts.onError;
    // a spill file of an earlier run is stale (a cache)
    fs.rmSync(file, { force: true });
    fs.rmSync(`${file}.tmp`, { force: true });
  }

  /** A table of `docs` (as loaded from the files), the last `hot` of them kept as objects. */
  static load(file: string, docs: Map<string, JsonObject>, opts: DocTableOptions): DocTable {
    const table = new DocTable(file, opts.hot, opts);
    for (const [id, doc] of docs) table.set(id, doc);
    return table;
  }

  get size(): number {
    return this.#docs.size;
  }

  /** Bytes of the spill file, and of the records in it that are still used (for tests and figures). */
  get spill(): { bytes: number; live: number; hot: number } {
    return { bytes: this.#end, live: this.#live, hot: this.#hot.size };
  }

  has(id: string): boolean {
    return this.#docs.has(id);
  }

  /** The document, read back from the spill file (and kept as an object) if it was spilled. */
  get(id: string): JsonObject | undefined {
    const v = this.#docs.get(id);
    if (v === undefined) return undefined;
    if (typeof v !== 'number') {
      // most recently used: to the end of the hot list
      const at = this.#hot.get(id) as number;
      this.#hot.delete(id);
      this.#hot.set(id, at);
      return v;
    }
    const doc = this.#read(v);
    this.#docs.set(id, doc);
    this.#hot.set(id, v);
    this.#evict();
    return doc;
  }

  /** The document, read back from the spill file without keeping it if it was spilled. */
  peek(id: string): JsonObject | undefined {
    const v = this.#docs.get(id);
    return typeof v === 'number' ? this.#read(v) : v;
  }

  /** Stores a new version of a document (kept as an object). */
  set(id: string, doc: JsonObject): void {
    this.#drop(id);
    this.#docs.set(id, doc);
    this.#hot.set(id, -1);
    this.#evict();
  }

  delete(id: string): void {
    this.#drop(id);
    this.#docs.delete(id);
  }

  /** Every document in natural order; spilled ones are read without being kept. */
  *values(): IterableIterator<JsonObject> {
    for (const v of this.#docs.values()) yield typeof v === 'number' ? this.#read(v) : v;
  }

  /**
   * Every document for a snapshot, in natural order, as it is now: objects for those in memory,
   * offsets for spilled ones, which the view reads one at a time while the snapshot is written (no
   * copy of the whole collection in memory). The view holds the spill file open: a rewrite renames a
   * new file over it, and the records of the file the view holds never change.
   */
  snapshot(): SnapshotView {
    const docs = [...this.#docs.values()];
    const fd = this.#hot.size < this.#docs.size ? fs.openSync(this.file, 'r') : undefined;
    const buf = Buffer.allocUnsafe(FIRST_READ);
    return {
      docs,
      text: (at) => {
        if (fd === undefined) throw new Error('no spilled documents in this view');
        return this.#text(at, fd, buf);
      },
      release: () => {
        if (fd !== undefined) fs.closeSync(fd);
      },
    };
  }

  /** Deletes the spill file. */
  close(): void {
    if (this.#fd === undefined) return;
    fs.closeSync(this.#fd);
    this.#fd = undefined;
    fs.rmSync(this.file, { force: true });
  }

  /**
   * Forgets the spill record of the current version of `id` (it changes or goes). Its length is
   * read back from the file (4 bytes from the page cache, only for a document that has a record)
   * rather than kept beside every offset: a second number per spilled document would cost the heap
   * this table exists to save.
   */
  #drop(id: string): void {
    const v = this.#docs.get(id);
    if (v === undefined) return;
    const at = typeof v === 'number' ? v : (this.#hot.get(id) as number);
    this.#hot.delete(id);
    if (at >= 0) this.#live -= HEADER + this.#length(at);
  }

  /**
   * Spills the least recently used documents beyond `hot`. A spill that fails (a full disk) keeps
   * the documents in memory and is tried again on the next write: the write itself was logged.
   */
  #evict(): void {
    try {
      while (this.#hot.size > this.hot) {
        const [id, at] = this.#hot.entries().next().value as [string, number];
        const spilled = at >= 0 ? at : this.#append(JSON.stringify(this.#docs.get(id)));
        this.#hot.delete(id);
        this.#docs.set(id, spilled);
      }
      if (this.#end > this.#minRewrite && this.#end > 2 * this.#live) this.#rewrite();
      this.#failing = false;
    } catch (err) {
      // kept in memory; the collection's state is whole either way. Told once per failing spell.
      if (!this.#failing) this.#onError?.(err);
      this.#failing = true;
    }
  }

  #open(): number {
    this.#fd ??= fs.openSync(this.file, 'w+');
    return this.#fd;
  }

  #append(json: string): number {
    const body = Buffer.from(json, 'utf8');
    const rec = Buffer.allocUnsafe(HEADER + body.length);
    rec.writeUInt32LE(body.length, 0);
    body.copy(rec, HEADER);
    const at = this.#end;
    this.#writeAll(this.#open(), rec, at);
    this.#end += rec.length;
    this.#live += rec.length;
    return at;
  }

  #writeAll(fd: number, rec: Buffer, at: number): void {
    let written = 0;
    try {
      while (written < rec.length)
        written += fs.writeSync(fd, rec, written, rec.length - written, at + written);
    } catch (err) {
      throw new StoreUnavailableError(`spill file ${this.file}: write failed: ${(err as Error).message}`, {
        cause: err,
      });
    }
  }

  #length(at: number): number {
    this.#readAt(this.#open(), this.#buf, HEADER, at);
    return this.#buf.readUInt32LE(0);
  }

  #text(at: number, fd = this.#open(), buf = this.#buf): string {
    return this.#record(fd, at, buf).toString('utf8', HEADER);
  }

  #read(at: number): JsonObject {
    return JSON.parse(this.#text(at)) as JsonObject;
  }

  /** The whole record (header and body) at `at`: in `buf` when it fits, else one more read. */
  #record(fd: number, at: number, buf = this.#buf): Buffer {
    const first = this.#readAt(fd, buf, FIRST_READ, at);
    const length = HEADER + buf.readUInt32LE(0);
    if (length <= first) return buf.subarray(0, length);
    const whole = Buffer.allocUnsafe(length);
    this.#readAt(fd, whole, length, at);
    return whole;
  }

  /** Reads up to `n` bytes at `at` into `buf`; returns how many were read (all of a record's). */
  #readAt(fd: number, buf: Buffer, n: number, at: number): number {
    let got = 0;
    try {
      while (got < n) {
        const r = fs.readSync(fd, buf, got, n - got, at + got);
        if (r === 0) break;
        got += r;
      }
    } catch (err) {
      throw new StoreUnavailableError(`spill file ${this.file}: read failed: ${(err as Error).message}`, {
        cause: err,
      });
    }
    return got;
  }

  /**
   * Rewrites the spill file with the records still used (the spilled documents' only), copying
   * them one at a time: never more than one record in memory.
   */
  #rewrite(): void {
    const from = this.#open();
    const moved: [string, number][] = [];
    const tmp = `${this.file}.tmp`;
    const fd = fs.openSync(tmp, 'w+');
    let end = 0;
    try {
      for (const [id, v] of this.#docs) {
        if (typeof v !== 'number') continue;
        const rec = this.#record(from, v);
        this.#writeAll(fd, rec, end);
        moved.push([id, end]);
        end += rec.length;
      }
      fs.renameSync(tmp, this.file);
    } catch (err) {
      fs.closeSync(fd);
      fs.rmSync(tmp, { force: true });
      throw err;
    }
    for (const [id, at] of moved) this.#docs.set(id, at);
    // the hot documents' records went with the old file
    for (const id of this.#hot.keys()) this.#hot.set(id, -1);
    if (this.#fd !== undefined) fs.closeSync(this.#fd);
    this.#fd = fd;
    this.#end = end;
    this.#live = end;
  }
}
