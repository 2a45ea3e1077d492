/** The embedded object store's own crash and race behaviour (its contract run: contracts.test.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ObjectExistsError } from '@tessera/kit';
import { tempDir } from '@tessera/kit/testing';
import { createEmbeddedObjectStore } from './files.js';

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
