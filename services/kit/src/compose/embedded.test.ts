/**
 * A process composed without the embedded backends (no `embedded` loader) and without a backend's
 * URL fails at start naming the variable, for every port; it never falls back to something else.
 */
import { describe, expect, it } from 'vitest';
import { testLogger } from '../testing/index.js';
import { openDocumentStore } from '../docstore/index.js';
import { openKeyValueStore } from '../kv/index.js';
import { openEventBus } from '../bus/open.js';
import { openObjectStore } from '../objects/index.js';

const logger = testLogger('compose');

describe('the open* factories without a URL and without the embedded backends', () => {
  it.each([
    [
      'openDocumentStore',
      'MONGODB_URL',
      () => openDocumentStore({ dataDir: '/nonexistent', database: 'd', logger }),
    ],
    ['openKeyValueStore', 'REDIS_URL', () => openKeyValueStore({ logger })],
    ['openEventBus', 'NATS_URL', () => openEventBus({ logger, name: 'test', busUrl: 'http://127.0.0.1:1' })],
    ['openObjectStore', 'MONGODB_URL', () => openObjectStore({ dir: '/nonexistent', database: 'd', logger })],
  ])('%s fails naming %s', async (_name, variable, open) => {
    await expect(open()).rejects.toThrow(
      `${variable} is not set and this process was composed without the embedded backends: set ${variable}`,
    );
  });
});
