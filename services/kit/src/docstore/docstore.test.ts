/**
 * Runs the document-store contract against the embedded store always (a fresh temp folder, reopened
 * from its files by the reopen test), and against MongoDB when MONGODB_URL is set (a database of its
 * own per run, dropped afterwards).
 */
import { describe } from 'vitest';
import { tempDir, testLogger, uniquePrefix } from '../testing/index.js';
import { dropMongoDatabase, reopenable } from '../testing/reopenable.js';
import { documentStoreContract } from './docstore.contract.js';
import { createEmbeddedDocumentStore, openDocumentStore } from './index.js';

const MONGODB_URL = process.env.MONGODB_URL;

documentStoreContract('embedded', async () => {
  const { dir, cleanup } = tempDir('tessera-docstore-');
  // Compact often, so the suite also runs over snapshots + logs, not just one log.
  const open = () =>
    createEmbeddedDocumentStore(dir, { logger: testLogger('docstore'), compactEveryWrites: 25 });
  return reopenable(open, cleanup);
});

describe.skipIf(!MONGODB_URL)('mongodb', () => {
  const url = MONGODB_URL ?? '';
  const database = uniquePrefix('docstore_contract').replace(/-/g, '_');
  const open = () =>
    openDocumentStore({ mongodbUrl: url, dataDir: '', database, logger: testLogger('docstore') });

  documentStoreContract('mongodb', async () => {
    return reopenable(open, () => dropMongoDatabase(url, database));
  });
});
