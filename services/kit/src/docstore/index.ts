/**
 * The document store: the port (port.ts), its MongoDB adapter and the factory the services call.
 *
 * `openDocumentStore` picks MongoDB when `mongodbUrl` is set (database `database`), otherwise the
 * embedded file-backed store of `@tessera/embedded` in `dataDir` (one folder per service, e.g.
 * `.data/identity`), through the `embedded` loader the process was composed with. Both adapters
 * pass the same contract suite (`@tessera/kit/contracts`).
 */
import type { Logger } from '../log/logger.js';
import { embeddedFor, type EmbeddedLoader } from '../compose/embedded.js';
import type { DocumentStore } from './port.js';

export * from './port.js';
export { insertIfAbsent, insertOrGet, storedSecret } from './insert-if-absent.js';
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
  /** The embedded backends, loaded only when `mongodbUrl` is unset. */
  embedded?: EmbeddedLoader;
}

export async function openDocumentStore(opts: OpenDocumentStoreOptions): Promise<DocumentStore> {
  if (opts.mongodbUrl) {
    // loaded only when configured: the MongoDB driver (about 20 MB) is not held by processes that do not use it
    const { MongoDocumentStore } = await import('./mongo.js');
    return MongoDocumentStore.connect(opts.mongodbUrl, opts.database, opts.logger);
  }
  const embedded = await embeddedFor(opts.embedded, 'MONGODB_URL');
  const store = await embedded.documentStore({ dir: opts.dataDir, logger: opts.logger });
  opts.logger.info({ dataDir: opts.dataDir }, 'document store: embedded');
  return store;
}
