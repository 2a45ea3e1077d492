/**
 * The seam between the kit's ports and the embedded backends (`@tessera/embedded`), which the kit
 * never imports: a process that may run without a backend's URL hands the kit an `EmbeddedLoader`
 * at composition time (a service's `main.ts` through `runService({ embedded })`, the BFF's
 * `main.ts`, a test). The `open*` factories load it only when the URL of that backend is unset, so
 * a process on MongoDB, Redis and NATS never loads an embedded engine.
 */
import type { Logger } from '../log/logger.js';
import type { CallerIdentity } from '../rpc/identity/identity.js';
import type { DocumentStore } from '../docstore/port.js';
import type { KeyValueStore } from '../kv/port.js';
import type { EventBus } from '../bus/port.js';
import type { ObjectStore } from '../objects/port.js';

/** What `@tessera/embedded` gives the kit's `open*` factories when a backend's URL is unset. */
export interface EmbeddedBackends {
  /** The file-backed document store in `dir` (created if missing). */
  documentStore(opts: { dir: string; logger: Logger }): Promise<DocumentStore>;
  /** The in-process key-value store, every key under `keyPrefix`. */
  keyValueStore(opts: { keyPrefix?: string; logger: Logger }): KeyValueStore;
  /** The file object store in `dir` (created if missing). */
  objectStore(opts: { dir: string; logger: Logger }): Promise<ObjectStore>;
  /**
   * The broker process at `busUrl` (its calls signed as `identity`, retried for `connectTimeoutMs`);
   * without it an in-process bus, kept under `<dataDir>/bus` when `dataDir` is given.
   */
  eventBus(opts: {
    busUrl?: string;
    dataDir?: string;
    logger: Logger;
    connectTimeoutMs?: number;
    identity?: CallerIdentity;
  }): Promise<EventBus>;
}

/** Loads the embedded backends (`() => import('@tessera/embedded').then(...)`: `loadEmbedded`). */
export type EmbeddedLoader = () => Promise<EmbeddedBackends>;

/**
 * The embedded backends, for a backend whose `variable` is unset; a process composed without them
 * (an image meant for real backends only) fails at start naming the variable.
 */
export function embeddedFor(loader: EmbeddedLoader | undefined, variable: string): Promise<EmbeddedBackends> {
  if (!loader)
    return Promise.reject(
      new Error(
        `${variable} is not set and this process was composed without the embedded backends: set ${variable}`,
      ),
    );
  return loader();
}
