import { type Collection, type Doc, type DocumentStore } from '@tessera/kit';
import { refusal, tempDir } from '@tessera/kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { ACTIVATE_ATTEMPTS, CanvasRepository } from './canvases.js';
import { createEmbeddedDocumentStore } from '@tessera/embedded';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** An embedded store whose `meta` writes all lose to another writer (their filter never matches). */
async function storeLosingEveryPointerWrite(): Promise<{ store: DocumentStore; writes: () => number }> {
  const tmp = tempDir('tessera-canvases-');
  const inner = await createEmbeddedDocumentStore(tmp.dir);
  cleanup = async () => {
    await inner.close();
    tmp.cleanup();
  };
  let writes = 0;
  const store: DocumentStore = {
    close: () => inner.close(),
    async collection<T extends Doc>(name: string, options?: Parameters<DocumentStore['collection']>[1]) {
      const c = await inner.collection<T>(name, options);
      if (name !== 'meta') return c;
      const lose: Collection<T>['updateOne'] = async () => {
        writes++;
        return { matchedCount: 0, modifiedCount: 0 };
      };
      return new Proxy(c, {
        get: (target, prop) => {
          if (prop === 'updateOne') return lose;
          const v: unknown = Reflect.get(target, prop, target);
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        },
      });
    },
  };
  return { store, writes: () => writes };
}

describe('CanvasRepository.activate', () => {
  it('moves the pointer with one conditional write and keeps the index it replaced', async () => {
    const tmp = tempDir('tessera-canvases-');
    const store = await createEmbeddedDocumentStore(tmp.dir);
    cleanup = async () => {
      await store.close();
      tmp.cleanup();
    };
    const repo = await CanvasRepository.open(store);
    expect(await repo.activate(1, 10)).toEqual({ previous: -1, changed: true });
    expect(await repo.activate(2, 20)).toEqual({ previous: 1, changed: true });
    expect(await repo.activate(2, 30)).toEqual({ previous: 1, changed: false });
  });

  it('gives up with CONFLICT after ACTIVATE_ATTEMPTS lost writes instead of trying for ever', async () => {
    const { store, writes } = await storeLosingEveryPointerWrite();
    const repo = await CanvasRepository.open(store);
    await repo.activate(1, 10);
    expect(await refusal(repo.activate(2, 20))).toMatchObject({ code: 'CONFLICT' });
    expect(writes()).toBe(ACTIVATE_ATTEMPTS);
  });
});
