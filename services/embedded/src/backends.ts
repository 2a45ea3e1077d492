/**
 * The embedded backends as the kit's `open*` factories take them (`EmbeddedBackends` of
 * `@tessera/kit`): what a process uses for a backend whose URL (MONGODB_URL, REDIS_URL, NATS_URL)
 * is unset.
 */
import path from 'node:path';
import type { EmbeddedBackends } from '@tessera/kit';
import { EmbeddedDocumentStore } from './docstore/store.js';
import { MemoryKeyValueStore } from './kv/memory.js';
import { EmbeddedObjectStore } from './objects/files.js';
import { Broker } from './bus/engine/core.js';
import { InProcessBus } from './bus/in-process.js';
import { RemoteBus } from './bus/remote.js';

export const embeddedBackends: EmbeddedBackends = {
  documentStore: ({ dir, logger }) => EmbeddedDocumentStore.open(dir, { logger }),
  keyValueStore: ({ keyPrefix }) => new MemoryKeyValueStore({ keyPrefix }),
  objectStore: ({ dir, logger }) => EmbeddedObjectStore.open(dir, { logger }),
  async eventBus({ busUrl, dataDir, logger, connectTimeoutMs, identity }) {
    if (busUrl) {
      const bus = await RemoteBus.connect({
        url: busUrl,
        logger,
        retryDeadlineMs: connectTimeoutMs,
        identity,
      });
      logger.info({ url: busUrl }, 'event bus: embedded broker');
      return bus;
    }
    if (dataDir) {
      const dir = path.join(dataDir, 'bus');
      logger.info({ dir }, 'event bus: in-process, persisted (events stay inside this process)');
      return new InProcessBus(Broker.open(dir, { logger }), logger);
    }
    logger.info('event bus: in-process (events stay inside this process)');
    return new InProcessBus(new Broker({ logger }), logger);
  },
};
