/**
 * The object store: the port (port.ts), its GridFS adapter and the factory the services call.
 *
 * `openObjectStore` picks GridFS on MongoDB when `mongodbUrl` is set (bucket `bucket` of database
 * `database`), otherwise the embedded file store of `@tessera/embedded` in `dir`
 * (`<DATA_DIR>/<service>/objects`). Both adapters pass the same contract suite
 * (`@tessera/kit/contracts`).
 */
import type { Logger } from '../log/logger.js';
import { embeddedFor, type EmbeddedLoader } from '../compose/embedded.js';
import type { ObjectStore } from './port.js';

export * from './port.js';
// The GridFS adapter (`./gridfs.js`) is loaded by openObjectStore only when MONGODB_URL is set.
export type { GridFsObjectStore } from './gridfs.js';

export interface OpenObjectStoreOptions {
  /** MongoDB connection string; unset = the embedded file store. */
  mongodbUrl?: string;
  /** Folder of the embedded store (created if missing). */
  dir: string;
  /** MongoDB database name. */
  database: string;
  /** GridFS bucket name (default `objects`). */
  bucket?: string;
  logger: Logger;
  /** The embedded backends, loaded only when `mongodbUrl` is unset. */
  embedded?: EmbeddedLoader;
}

export async function openObjectStore(opts: OpenObjectStoreOptions): Promise<ObjectStore> {
  if (opts.mongodbUrl) {
    // loaded only when configured, like the document store's adapter: importing the MongoDB driver
    // costs every thread that imports the kit about 6.7 MB of heap (loadtests/README.md, the soak)
    const { GridFsObjectStore } = await import('./gridfs.js');
    return GridFsObjectStore.connect(opts.mongodbUrl, opts.database, opts.bucket ?? 'objects', opts.logger);
  }
  const embedded = await embeddedFor(opts.embedded, 'MONGODB_URL');
  const store = await embedded.objectStore({ dir: opts.dir, logger: opts.logger });
  opts.logger.info({ dir: opts.dir }, 'object store: embedded');
  return store;
}
