/**
 * The ports' contract suites (`@tessera/kit/contracts`, the suites MongoDB, Redis and NATS
 * JetStream pass in the kit) against the embedded adapters: the document store (a fresh temp
 * folder, reopened from its files by the reopen test; once as it runs by default and once with all
 * but one document spilled to its file), the key-value store, the in-process bus and
 * the object store. The broker process (RemoteBus) runs the bus contract in services/broker.
 */
import {
  documentStoreContract,
  eventBusContract,
  keyValueContract,
  objectStoreContract,
  reopenable,
} from '@tessera/kit/contracts';
import { tempDir, testLogger } from '@tessera/kit/testing';
import { createEmbeddedDocumentStore } from './docstore/store.js';
import { createMemoryKeyValueStore } from './kv/memory.js';
import { createInProcessBus } from './bus/in-process.js';
import { createEmbeddedObjectStore } from './objects/files.js';

documentStoreContract('embedded', async () => {
  const { dir, cleanup } = tempDir('tessera-docstore-');
  // Compact often, so the suite also runs over snapshots + logs, not just one log.
  const open = () =>
    createEmbeddedDocumentStore(dir, { logger: testLogger('docstore'), compactEveryWrites: 25 });
  return reopenable(open, cleanup);
});

documentStoreContract('embedded, one document in memory', async () => {
  const { dir, cleanup } = tempDir('tessera-docstore-spill-');
  // Every document but the last one used lives in the spill file (doc-table.ts): each read, update,
  // index lookup, scan and compaction goes through it.
  const open = () =>
    createEmbeddedDocumentStore(dir, {
      logger: testLogger('docstore'),
      compactEveryWrites: 25,
      hotDocuments: 1,
    });
  return reopenable(open, cleanup);
});

keyValueContract('embedded', async () => {
  // A sweeper slower than the whole suite: expiry seen by readers must come from the lazy checks.
  const kv = createMemoryKeyValueStore({ keyPrefix: 'contract:', sweepIntervalMs: 600_000 });
  return { kv, cleanup: () => kv.close() };
});

eventBusContract('in-process', async (logger) => {
  const bus = createInProcessBus({ logger });
  return { bus, cleanup: () => bus.close() };
});

objectStoreContract('embedded', async () => {
  const { dir, cleanup } = tempDir('tessera-objects-');
  const open = () => createEmbeddedObjectStore(dir, { logger: testLogger('objects') });
  return reopenable(open, cleanup);
});
