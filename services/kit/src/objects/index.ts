/**
 * The object store: the port (port.ts), its two adapters and the factory the services call.
 *
 * `openObjectStore` picks GridFS on MongoDB when `mongodbUrl` is set (bucket `bucket` of database
 * `database`), otherwise the embedded file store in `dir` (`<DATA_DIR>/<service>/objects`). Both
 * adapters pass the same contract suite (objects.contract.ts).
 */
import type { Logger } from '../log/logger.js';
import { EmbeddedObjectStore } from './embedded/files.js';
import { GridFsObjectStore } from './gridfs.js';
import type { ObjectStore } from './port.js';

export * from './port.js';
export { EmbeddedObjectStore } from './embedded/files.js';
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
}

export async function openObjectStore(opts: OpenObjectStoreOptions): Promise<ObjectStore> {
  if (opts.mongodbUrl)
    return GridFsObjectStore.connect(opts.mongodbUrl, opts.database, opts.bucket ?? 'objects', opts.logger);
  const store = await EmbeddedObjectStore.open(opts.dir, { logger: opts.logger });
  opts.logger.info({ dir: store.dir }, 'object store: embedded');
  return store;
}

/** The embedded store in `dir` (tests, tools, and the default of `openObjectStore`). */
export function createEmbeddedObjectStore(dir: string, opts?: { logger?: Logger; now?: () => number }) {
  return EmbeddedObjectStore.open(dir, opts);
}
