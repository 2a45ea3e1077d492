/**
 * `@tessera/embedded`: the embedded stand-ins of the kit's ports, for `npm start` and tests (no
 * MongoDB, Redis or NATS needed): a file-backed document store, an in-process key-value store, a
 * file object store, and an event broker (the engine, an in-process bus on it, and the client of
 * the broker process). Processes reach them through the kit's `open*` factories and
 * `embeddedBackends`, loaded by `loadEmbedded` (`@tessera/embedded/load`).
 */
export { embeddedBackends } from './backends.js';
export {
  createEmbeddedDocumentStore,
  EmbeddedDocumentStore,
  type EmbeddedStoreOptions,
} from './docstore/store.js';
export { InvalidOperationError, StoreUnavailableError } from './docstore/errors.js';
export { CorruptFileError } from './docstore/files.js';
export {
  createMemoryKeyValueStore,
  MemoryKeyValueStore,
  type MemoryKeyValueStoreOptions,
} from './kv/memory.js';
export { createEmbeddedObjectStore, EmbeddedObjectStore } from './objects/files.js';
export { createInProcessBus, InProcessBus, type InProcessBusOptions } from './bus/in-process.js';
export { RemoteBus, type RemoteBusOptions } from './bus/remote.js';
export { Broker, DEFAULT_KEEP_SETTLED, type BrokerOptions } from './bus/engine/core.js';
export { FileJournal } from './bus/engine/journal.js';
export type { StoredMessage } from './bus/engine/stream.js';
