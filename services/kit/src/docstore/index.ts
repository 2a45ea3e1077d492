/**
 * The document store: the port (port.ts), its two adapters and the factory the services call.
 *
 * `openDocumentStore` picks MongoDB when `mongodbUrl` is set (database `database`), otherwise the
 * embedded file-backed store in `dataDir` (one folder per service, e.g. `.data/identity`). Both
 * adapters pass the same contract suite (docstore.contract.ts).
 */
import type { Logger } from '../log/logger.js';
import type { DocumentStore } from './port.js';
import { EmbeddedDocumentStore, type EmbeddedStoreOptions } from './embedded/store.js';

export * from './port.js';
export { insertIfAbsent, insertOrGet, storedSecret } from './insert-if-absent.js';
export { EmbeddedDocumentStore, type EmbeddedStoreOptions } from './embedded/store.js';
export { InvalidOperationError, StoreUnavailableError } from './embedded/errors.js';
export { CorruptFileError } from './embedded/files.js';
// The MongoDB adapter (`./mongo.js`) is loaded by openDocumentStore only when MONGODB_URL is set.
export type { MongoDocumentStore } from './mongo.js';

export interface OpenDocumentStoreOptions {
  /** MongoDB connection string; unset = the embedded store. */
  mongodbUrl?: string;
  /** Folder of the embedded store (created if missing). */
  dataDir: string;
  /** MongoDB database name. */
  database: string;
  logger: Logger;
}

export async function openDocumentStore(opts: OpenDocumentStoreOptions): Promise<DocumentStore> {
  if (opts.mongodbUrl) {
    // loaded only when configured: the MongoDB driver (about 20 MB) is not held by processes that do not use it
    const { MongoDocumentStore } = await import('./mongo.js');
    return MongoDocumentStore.connect(opts.mongodbUrl, opts.database, opts.logger);
  }
  const store = await EmbeddedDocumentStore.open(opts.dataDir, { logger: opts.logger });
  opts.logger.info({ dataDir: store.dir }, 'document store: embedded');
  return store;
}

/** The embedded store in `dir` (tests, tools, and the default of `openDocumentStore`). */
export function createEmbeddedDocumentStore(
  dir: string,
  opts?: { logger?: Logger; compactEveryWrites?: number },
): Promise<DocumentStore> {
  const options: EmbeddedStoreOptions = { ...opts };
  return EmbeddedDocumentStore.open(dir, options);
}
