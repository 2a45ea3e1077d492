/**
 * What the document-store contract's parts share (docstore*.contract.ts): the fixture and the
 * context each part gets. The parts are put together in `contracts/index.ts`.
 */
import type { Collection, Doc, DocumentStore, IndexSpec } from '../docstore/port.js';

export interface DocumentStoreFixture {
  store: DocumentStore;
  /** Closes `store` and opens the same data again (adapters with durable storage). */
  reopen?: () => Promise<DocumentStore>;
  cleanup: () => Promise<void>;
}

/** What each group of contract tests gets. */
export interface ContractContext {
  store: () => DocumentStore;
  /** A fresh collection (unique name) with optional indexes. */
  coll: <T extends Doc>(label: string, indexes?: IndexSpec[]) => Promise<Collection<T>>;
  /** The fixture's reopen, updating `store()`; undefined when the adapter has none. */
  reopen: (() => Promise<DocumentStore>) | undefined;
}
