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
import { GridFsObjectStore } from './gridfs.js';
import type { ObjectStore } from './port.js';

export * from './port.js';
export { GridFsObjectStore } from './gridfs.js';

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
  if (opts.mongodbUrl)
    return GridFsObjectStore.connect(opts.mongodbUrl, opts.database, opts.bucket ?? 'objects', opts.logger);
  const embedded = await embeddedFor(opts.embedded, 'MONGODB_URL');
  const store = await embedded.objectStore({ dir: opts.dir, logger: opts.logger });
  opts.logger.info({ dir: opts.dir }, 'object store: embedded');
  return store;
}
