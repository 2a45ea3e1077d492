/**
 * The embedded document store (the default of `npm start`): one folder per service, one snapshot +
 * log file set per collection (see files.ts), documents held in memory (see collection.ts).
 *
 * Opening takes the folder's exclusive lock (see dir-lock.ts); collections are loaded on their first
 * `collection()` call. `close()` waits for running compactions, flushes the logs and releases the
 * lock; every acknowledged write was already in the files before its promise resolved. Each
 * collection keeps its `hotDocuments` most recently used documents in memory and the rest in a spill
 * file (doc-table.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger, Collection, Doc, DocumentStore, IndexSpec } from '@tessera/kit';
import { EmbeddedCollection } from './collection.js';
import { DocTable } from './doc-table.js';
import { lockDir, type DirLock } from './dir-lock.js';
import { InvalidOperationError, StoreUnavailableError } from './errors.js';
import { CollectionFiles, DEFAULT_POLICY, type CompactionPolicy } from './files.js';

export interface EmbeddedStoreOptions {
  logger?: Logger;
  /** Compact a collection after this many writes (default 10,000; also when its logs outgrow it). */
  compactEveryWrites?: number;
  /**
   * Documents of each collection kept in memory, the most recently used (default 2,000); the others
   * are read back from a spill file when needed. Memory then grows with the indexes, not the data.
   */
  hotDocuments?: number;
}

export const DEFAULT_HOT_DOCUMENTS = 2000;

const COLLECTION_NAME = /^[A-Za-z0-9_-]{1,120}$/;

export class EmbeddedDocumentStore implements DocumentStore {
  readonly #collections = new Map<string, EmbeddedCollection<Doc>>();
  #closing: Promise<void> | undefined;

  private constructor(
    readonly dir: string,
    private readonly lock: DirLock,
    private readonly policy: CompactionPolicy,
    private readonly hotDocuments: number,
    private readonly logger: Logger | undefined,
  ) {}

  /** Creates the folder if needed and takes its lock (throws if another live process holds it). */
  static async open(dir: string, opts: EmbeddedStoreOptions = {}): Promise<EmbeddedDocumentStore> {
    const every = opts.compactEveryWrites ?? DEFAULT_POLICY.everyWrites;
    if (!Number.isSafeInteger(every) || every < 1)
      throw new InvalidOperationError('compactEveryWrites must be a positive integer');
    const hot = opts.hotDocuments ?? DEFAULT_HOT_DOCUMENTS;
    if (!Number.isSafeInteger(hot) || hot < 1)
      throw new InvalidOperationError('hotDocuments must be a positive integer');
    const abs = path.resolve(dir);
    fs.mkdirSync(abs, { recursive: true });
    const lock = lockDir(abs, opts.logger);
    const policy = { ...DEFAULT_POLICY, everyWrites: every };
    return new EmbeddedDocumentStore(abs, lock, policy, hot, opts.logger);
  }

  async collection<T extends Doc>(
    name: string,
    options: { indexes?: IndexSpec[] } = {},
  ): Promise<Collection<T>> {
    if (this.#closing) throw new StoreUnavailableError('the document store is closed');
    if (typeof name !== 'string' || !COLLECTION_NAME.test(name))
      throw new InvalidOperationError(`collection name '${String(name)}' must match ${COLLECTION_NAME}`);
    let coll = this.#collections.get(name);
    if (!coll) {
      const started = performance.now();
      const { files, docs } = CollectionFiles.open(this.dir, name, this.policy, this.logger);
      const table = DocTable.load(path.join(this.dir, `${name}.spill`), docs, {
        hot: this.hotDocuments,
        onError: (err) =>
          this.logger?.warn({ err, collection: name }, 'docstore: spilling failed (kept in memory)'),
      });
      coll = new EmbeddedCollection<Doc>(name, files, table, this.logger);
      this.#collections.set(name, coll);
      this.logger?.debug(
        { collection: name, docs: docs.size, ms: Math.round(performance.now() - started) },
        'docstore collection loaded',
      );
    }
    coll.ensureIndexes(options.indexes ?? []);
    return coll as unknown as Collection<T>;
  }

  async close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        for (const coll of this.#collections.values()) await coll.close();
      } finally {
        this.lock.release();
      }
    })();
    return this.#closing;
  }
}

/** Opens the embedded store in `dir` (one folder per service, e.g. `.data/identity`). */
export function createEmbeddedDocumentStore(
  dir: string,
  opts?: EmbeddedStoreOptions,
): Promise<EmbeddedDocumentStore> {
  return EmbeddedDocumentStore.open(dir, opts);
}
