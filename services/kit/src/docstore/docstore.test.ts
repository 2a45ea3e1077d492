/**
 * Runs the document-store contract against MongoDB when MONGODB_URL is set (a database of its own
 * per run, dropped afterwards). The embedded store runs it in services/embedded.
 */
import { describe } from 'vitest';
import { testLogger, uniquePrefix } from '../testing/index.js';
import { dropMongoDatabase } from '../testing/reopenable.js';
import { documentStoreContract, reopenable } from '../contracts/index.js';
import { openDocumentStore } from './index.js';

const MONGODB_URL = process.env.MONGODB_URL;

describe.skipIf(!MONGODB_URL)('mongodb', () => {
  const url = MONGODB_URL ?? '';
  const database = uniquePrefix('docstore_contract').replace(/-/g, '_');
  const open = () =>
    openDocumentStore({ mongodbUrl: url, dataDir: '', database, logger: testLogger('docstore') });

  documentStoreContract('mongodb', async () => {
    return reopenable(open, () => dropMongoDatabase(url, database));
  });
});
