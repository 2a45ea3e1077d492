import type { DocumentStore, EventBus, Logger } from '@tessera/kit';
import { createEmbeddedDocumentStore } from '../docstore/store.js';
import { createInProcessBus } from '../bus/in-process.js';
import { tempDir } from '@tessera/kit/testing';

export interface TestStores {
  /** The store's folder: the one given, else a new temporary folder. */
  readonly dir: string;
  /** The embedded document store in `dir` (a new one after `reopen`). */
  store: DocumentStore;
  /** The bus given, else a new in-process bus. */
  readonly bus: EventBus;
  /** Closes the store and opens it again on the same folder, as a restarted process would. */
  reopen(): Promise<DocumentStore>;
  /**
   * Closes what was made here, in order: the bus (a bus the caller gave stays open: it is the
   * caller's, shared with other parts of the test), the store, then the folder (one the caller gave
   * stays, and with `keep` a new one too, for a test that reopens it).
   */
  close(opts?: { keep?: boolean }): Promise<void>;
}

/**
 * What a service's test harness stands on: an embedded document store in a folder and an event bus.
 * A `dir` or `bus` the caller passes belongs to the caller and is never closed or removed here; what
 * this makes, `close` closes and removes. Close the service itself (its server, its consumers) first.
 */
export async function openTestStores(
  opts: { dir?: string; bus?: EventBus; prefix?: string; logger?: Logger } = {},
): Promise<TestStores> {
  const tmp = opts.dir === undefined ? tempDir(opts.prefix) : undefined;
  const dir = opts.dir ?? tmp!.dir;
  const open = () => createEmbeddedDocumentStore(dir, { logger: opts.logger });
  const stores: TestStores = {
    dir,
    store: await open(),
    bus: opts.bus ?? createInProcessBus({ logger: opts.logger }),
    async reopen() {
      await stores.store.close();
      stores.store = await open();
      return stores.store;
    },
    async close({ keep = false } = {}) {
      if (!opts.bus) await stores.bus.close();
      await stores.store.close();
      if (!keep) tmp?.cleanup();
    },
  };
  return stores;
}
