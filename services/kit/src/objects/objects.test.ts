/**
 * Runs the object-store contract against the embedded store always (a fresh temp folder, reopened
 * from its files) and against GridFS when MONGODB_URL is set (a database of its own per run, dropped
 * afterwards). Then the embedded store's own crash and race behaviour.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, testLogger, uniquePrefix } from '../testing/index.js';
import { dropMongoDatabase, reopenable } from '../testing/reopenable.js';
import { createEmbeddedObjectStore, ObjectExistsError, openObjectStore } from './index.js';
import { objectStoreContract } from './objects.contract.js';

const MONGODB_URL = process.env.MONGODB_URL;

objectStoreContract('embedded', async () => {
  const { dir, cleanup } = tempDir('tessera-objects-');
  const open = () => createEmbeddedObjectStore(dir, { logger: testLogger('objects') });
  return reopenable(open, cleanup);
});

describe.skipIf(!MONGODB_URL)('gridfs', () => {
  const url = MONGODB_URL ?? '';
  const database = uniquePrefix('objects_contract').replace(/-/g, '_');
  const open = () => openObjectStore({ mongodbUrl: url, dir: '', database, logger: testLogger('objects') });
  objectStoreContract('gridfs', async () => {
    return reopenable(open, () => dropMongoDatabase(url, database));
  });
});

describe('embedded object store', () => {
  it('lets exactly one of many racing puts of one key win, whole', async () => {
    const { dir, cleanup } = tempDir('tessera-objects-race-');
    try {
      const store = await createEmbeddedObjectStore(dir);
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          store.put('race/key', new Uint8Array(100_000).fill(i + 1), { contentType: 'image/png' }),
        ),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const r of results)
        if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ObjectExistsError);
      const got = (await store.get('race/key'))!;
      expect(new Set(got.data).size).toBe(1);
      expect(got.data.length).toBe(100_000);
    } finally {
      cleanup();
    }
  });

  it('removes what an interrupted put left behind and never shows a half-written object', async () => {
    const { dir, cleanup } = tempDir('tessera-objects-crash-');
    try {
      await createEmbeddedObjectStore(dir);
      // a put that died after writing its temporary file and before the link
      fs.writeFileSync(path.join(dir, '.tmp', 'dead.part'), 'partial');
      const store = await createEmbeddedObjectStore(dir);
      expect(fs.readdirSync(path.join(dir, '.tmp'))).toEqual([]);
      expect(await store.get('dead')).toBeNull();
      // a truncated object file (a disk that lied) is reported, not returned as an image
      await store.put('cut', new Uint8Array(50).fill(3), { contentType: 'image/png' });
      const file = path.join(dir, 'cut.obj');
      fs.truncateSync(file, fs.statSync(file).size - 10);
      await expect(store.get('cut')).rejects.toThrow(/truncated/);
    } finally {
      cleanup();
    }
  });
});
