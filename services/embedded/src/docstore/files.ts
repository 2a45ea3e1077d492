/**
 * The files of one embedded collection: a snapshot plus append-only JSON-lines logs.
 *
 *   <name>.snapshot      header line {"snapshot":1,"gen":G,"count":N}, then N documents, one per line
 *   <name>.<gen>.log     one line per write operation: {"p":[documents put], "u":[[id, patch]...],
 *                        "d":[ids deleted]} (any of the three)
 *   <name>.snapshot.tmp  a compaction in progress (deleted on open)
 *
 * `p` holds whole documents (inserts; every write before diff records existed, so logs written by
 * earlier versions open as before); `u` holds the changes of updated documents (diff.ts), each
 * applied to the document as the records before it left it. A store with `u` records does not open
 * in a version without them (the record is refused as corrupt, loudly).
 *
 * State on disk = the snapshot (generation G, or empty when absent) + every log of generation >= G,
 * replayed in order, each record exactly once: the snapshot of generation G holds the documents as
 * they were when log G was started. Each write appends one line with a single synchronous write(2)
 * before its promise resolves (page cache is enough: we defend against the process being killed, not
 * the machine). One operation is one line, so it is never half-applied: a torn last line (the
 * process died mid-write: an incomplete JSON line never parses) is ignored and cut off when the
 * collection is opened; a bad line anywhere else, or a patch that does not fit its document, is
 * corruption and opening fails loudly.
 *
 * Compaction is crash-safe and does not block writers: (1) synchronously switch appends to a new log
 * G+1 and take the current document objects (stored documents are immutable, replaced on every
 * write, so this is a consistent point-in-time view); (2) asynchronously write them to the .tmp
 * file, fsync it, rename it over the snapshot and fsync the folder; (3) delete the logs older than
 * G+1. A crash before the rename leaves the old snapshot and both logs (replayed in order); after
 * it, the older logs are stale and deleted on open.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '@tessera/kit';
import { syncDir } from '../fs/sync-dir.js';
import { applyPatch, PatchError, type Patch } from './diff.js';
import { StoreUnavailableError } from './errors.js';
import type { SnapshotView } from './doc-table.js';
import { isPlainObject, type JsonObject } from './values.js';

export interface LogRecord {
  /** Whole documents put (inserted, or replaced whole by records of earlier versions). */
  p?: JsonObject[];
  /** Updated documents: the id and the patch from the version before (diff.ts). */
  u?: [string, Patch][];
  /** Ids deleted. */
  d?: string[];
}

export interface CompactionPolicy {
  /** Compact after this many logged writes. */
  everyWrites: number;
  /** Compact when the logs exceed max(minLogBytes, 2 x snapshot size). */
  minLogBytes: number;
}

export const DEFAULT_POLICY: CompactionPolicy = { everyWrites: 10_000, minLogBytes: 8 * 1024 * 1024 };

/** A file that cannot be read back as written by this store. */
export class CorruptFileError extends Error {
  constructor(file: string, detail: string) {
    super(`document store file ${file} is corrupt: ${detail}; restore it from a backup or move it away`);
    this.name = 'CorruptFileError';
  }
}

const NEWLINE = 0x0a;

export class CollectionFiles {
  #fd: number;
  #gen: number;
  /** Size of the active log, to cut a failed partial write back off. */
  #activeSize: number;
  /** Generations of every log on disk that is part of the state. */
  #liveGens: number[];
  #logBytes: number;
  #writes = 0;
  #snapshotBytes: number;
  #broken: Error | undefined;

  private constructor(
    readonly dir: string,
    readonly name: string,
    private readonly policy: CompactionPolicy,
    private readonly logger: Logger | undefined,
    state: { gen: number; liveGens: number[]; logBytes: number; snapshotBytes: number },
  ) {
    this.#gen = state.gen;
    this.#liveGens = state.liveGens;
    this.#logBytes = state.logBytes;
    this.#snapshotBytes = state.snapshotBytes;
    this.#fd = fs.openSync(this.logPath(this.#gen), 'a');
    this.#activeSize = fs.fstatSync(this.#fd).size;
    if (!this.#liveGens.includes(this.#gen)) this.#liveGens.push(this.#gen);
  }

  /** Loads a collection's documents (repairing a torn last record) and opens its log for appends. */
  static open(
    dir: string,
    name: string,
    policy: CompactionPolicy = DEFAULT_POLICY,
    logger?: Logger,
  ): { files: CollectionFiles; docs: Map<string, JsonObject> } {
    const snapshotPath = path.join(dir, `${name}.snapshot`);
    fs.rmSync(`${snapshotPath}.tmp`, { force: true });
    const docs = new Map<string, JsonObject>();
    let snapshotGen = 0;
    let snapshotBytes = 0;
    if (fs.existsSync(snapshotPath)) {
      const buf = fs.readFileSync(snapshotPath);
      snapshotBytes = buf.length;
      snapshotGen = readSnapshot(snapshotPath, buf, docs);
    }
    const logRe = new RegExp(`^${name}\\.(\\d+)\\.log$`);
    const gens = fs
      .readdirSync(dir)
      .map((f) => logRe.exec(f)?.[1])
      .filter((g): g is string => g !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    const liveGens: number[] = [];
    let logBytes = 0;
    for (const gen of gens) {
      const file = path.join(dir, `${name}.${gen}.log`);
      if (gen < snapshotGen) {
        fs.rmSync(file, { force: true });
        continue;
      }
      logBytes += replayLog(file, docs, logger);
      liveGens.push(gen);
    }
    const gen = Math.max(snapshotGen, ...liveGens);
    const files = new CollectionFiles(dir, name, policy, logger, { gen, liveGens, logBytes, snapshotBytes });
    return { files, docs };
  }

  logPath(gen: number): string {
    return path.join(this.dir, `${this.name}.${gen}.log`);
  }

  get snapshotPath(): string {
    return path.join(this.dir, `${this.name}.snapshot`);
  }

  /**
   * Appends one record durably (to the page cache) before returning. On failure the partial line is
   * cut off again; if even that fails, the collection refuses further writes.
   */
  append(record: LogRecord): void {
    if (this.#broken)
      throw new StoreUnavailableError(`collection ${this.name} refuses writes after a failed write`, {
        cause: this.#broken,
      });
    const buf = Buffer.from(`${JSON.stringify(record)}\n`, 'utf8');
    let written = 0;
    try {
      while (written < buf.length) written += fs.writeSync(this.#fd, buf, written, buf.length - written);
    } catch (err) {
      try {
        fs.ftruncateSync(this.#fd, this.#activeSize);
      } catch (undoErr) {
        this.#broken = undoErr as Error;
      }
      throw new StoreUnavailableError(`collection ${this.name}: write failed: ${(err as Error).message}`, {
        cause: err,
      });
    }
    this.#activeSize += buf.length;
    this.#logBytes += buf.length;
    this.#writes++;
  }

  shouldCompact(): boolean {
    return (
      this.#writes >= this.policy.everyWrites ||
      this.#logBytes > Math.max(this.policy.minLogBytes, 2 * this.#snapshotBytes)
    );
  }

  /**
   * Starts a compaction of `view` (the current, immutable documents: doc-table.ts), and releases the
   * view once it is written. The switch to a new log happens before this returns; the returned
   * promise settles when the snapshot is in place.
   */
  compact(view: SnapshotView): Promise<void> {
    const oldFd = this.#fd;
    const gen = this.#gen + 1;
    try {
      this.#fd = fs.openSync(this.logPath(gen), 'a');
    } catch (err) {
      view.release();
      throw err;
    }
    fs.closeSync(oldFd);
    this.#gen = gen;
    this.#liveGens.push(gen);
    this.#activeSize = 0;
    const previousLogBytes = this.#logBytes;
    this.#logBytes = 0;
    this.#writes = 0;
    return this.#writeSnapshot(gen, view).catch((err: unknown) => {
      // The old snapshot and logs are intact; the next compaction tries again.
      this.#logBytes += previousLogBytes;
      throw err;
    });
  }

  async #writeSnapshot(gen: number, view: SnapshotView): Promise<void> {
    const { docs } = view;
    const tmp = `${this.snapshotPath}.tmp`;
    let bytes = 0;
    let fh: fsp.FileHandle;
    try {
      fh = await fsp.open(tmp, 'w');
    } catch (err) {
      view.release();
      throw err;
    }
    try {
      let chunk = `${JSON.stringify({ snapshot: 1, gen, count: docs.length })}\n`;
      for (const doc of docs) {
        chunk += `${typeof doc === 'number' ? view.text(doc) : JSON.stringify(doc)}\n`;
        if (chunk.length >= 1 << 20) {
          bytes += (await fh.write(chunk)).bytesWritten;
          chunk = '';
        }
      }
      bytes += (await fh.write(chunk)).bytesWritten;
      await fh.sync();
    } catch (err) {
      await fh.close().catch(() => undefined);
      await fsp.rm(tmp, { force: true });
      throw err;
    } finally {
      view.release();
    }
    await fh.close();
    await fsp.rename(tmp, this.snapshotPath);
    await syncDir(this.dir);
    this.#snapshotBytes = bytes;
    const stale = this.#liveGens.filter((g) => g < gen);
    this.#liveGens = this.#liveGens.filter((g) => g >= gen);
    for (const g of stale) await fsp.rm(this.logPath(g), { force: true });
    this.logger?.debug({ collection: this.name, gen, docs: docs.length, bytes }, 'docstore compacted');
  }

  /** Flushes the active log to disk and closes it. */
  close(): void {
    try {
      fs.fsyncSync(this.#fd);
    } finally {
      fs.closeSync(this.#fd);
    }
  }
}

/** Reads a snapshot into `docs`; returns its generation. */
function readSnapshot(file: string, buf: Buffer, docs: Map<string, JsonObject>): number {
  let header: unknown;
  let count = 0;
  let gen = 0;
  let start = 0;
  let line = 0;
  while (start < buf.length) {
    const end = buf.indexOf(NEWLINE, start);
    if (end === -1) throw new CorruptFileError(file, `line ${line + 1} is incomplete`);
    let value: unknown;
    try {
      value = JSON.parse(buf.toString('utf8', start, end));
    } catch {
      throw new CorruptFileError(file, `line ${line + 1} is not JSON`);
    }
    if (line === 0) {
      header = value;
      const h = value as { snapshot?: unknown; gen?: unknown; count?: unknown };
      if (h?.snapshot !== 1 || !Number.isSafeInteger(h.gen) || !Number.isSafeInteger(h.count))
        throw new CorruptFileError(file, 'bad header');
      gen = h.gen as number;
      count = h.count as number;
    } else {
      const doc = value as JsonObject;
      if (typeof doc?._id !== 'string' || docs.has(doc._id))
        throw new CorruptFileError(file, `line ${line + 1} has a missing or repeated _id`);
      docs.set(doc._id, doc);
    }
    line++;
    start = end + 1;
  }
  if (header === undefined || docs.size !== count)
    throw new CorruptFileError(file, `expected ${count} documents, found ${docs.size}`);
  return gen;
}

/** Replays one log into `docs`, cutting off a torn last line; returns the bytes kept. */
function replayLog(file: string, docs: Map<string, JsonObject>, logger: Logger | undefined): number {
  const buf = fs.readFileSync(file);
  let start = 0;
  let line = 0;
  while (start < buf.length) {
    let end = buf.indexOf(NEWLINE, start);
    const last = end === -1;
    if (last) end = buf.length;
    let record: unknown;
    try {
      record = JSON.parse(buf.toString('utf8', start, end));
    } catch {
      record = undefined;
    }
    if (!isRecord(record)) {
      // A complete line (with its newline) is never torn: it is corruption, not a crash.
      if (!last) throw new CorruptFileError(file, `line ${line + 1} is not a valid record`);
      // The process died while writing this record: it was never acknowledged. Cut it off.
      fs.truncateSync(file, start);
      logger?.warn({ file, bytes: buf.length - start }, 'docstore: removed a torn last record');
      return start;
    }
    for (const id of record.d ?? []) docs.delete(id);
    for (const doc of record.p ?? []) docs.set(doc._id as string, doc);
    for (const [id, patch] of record.u ?? []) {
      const next = patched(docs.get(id), id, patch);
      if (typeof next === 'string') throw new CorruptFileError(file, `line ${line + 1}: ${next}`);
      docs.set(id, next);
    }
    if (last) {
      // Complete record without its newline: keep it and restore the newline.
      fs.appendFileSync(file, '\n');
      return buf.length + 1;
    }
    line++;
    start = end + 1;
  }
  return buf.length;
}

/** The document `id` with `patch` applied, or why it cannot be. */
function patched(doc: JsonObject | undefined, id: string, patch: Patch): JsonObject | string {
  if (!doc) return `a patch of the missing document ${JSON.stringify(id)}`;
  try {
    const next = applyPatch(doc, patch);
    if (!isPlainObject(next) || next._id !== id) return `the patch of ${JSON.stringify(id)} changes its _id`;
    return next;
  } catch (err) {
    if (err instanceof PatchError)
      return `the patch of ${JSON.stringify(id)} does not fit it: ${err.message}`;
    throw err;
  }
}

function isRecord(v: unknown): v is LogRecord {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const r = v as { p?: unknown; u?: unknown; d?: unknown };
  if (r.p === undefined && r.u === undefined && r.d === undefined) return false;
  if (
    r.u !== undefined &&
    !(
      Array.isArray(r.u) &&
      r.u.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && Array.isArray(e[1]))
    )
  )
    return false;
  if (
    r.p !== undefined &&
    !(Array.isArray(r.p) && r.p.every((d) => typeof (d as JsonObject)?._id === 'string'))
  )
    return false;
  if (r.d !== undefined && !(Array.isArray(r.d) && r.d.every((id) => typeof id === 'string'))) return false;
  return true;
}
