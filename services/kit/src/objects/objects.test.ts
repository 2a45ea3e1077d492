/**
 * Runs the object-store contract against GridFS when MONGODB_URL is set (a database of its own per
 * run, dropped afterwards). The embedded file store runs it in services/embedded.
 */
import { describe } from 'vitest';
import { testLogger, uniquePrefix } from '../testing/index.js';
import { dropMongoDatabase } from '../testing/reopenable.js';
import { objectStoreContract, reopenable } from '../contracts/index.js';
import { openObjectStore } from './index.js';

const MONGODB_URL = process.env.MONGODB_URL;

describe.skipIf(!MONGODB_URL)('gridfs', () => {
  const url = MONGODB_URL ?? '';
  const database = uniquePrefix('objects_contract').replace(/-/g, '_');
  const open = () => openObjectStore({ mongodbUrl: url, dir: '', database, logger: testLogger('objects') });
  objectStoreContract('gridfs', async () => {
    return reopenable(open, () => dropMongoDatabase(url, database));
  });
});
