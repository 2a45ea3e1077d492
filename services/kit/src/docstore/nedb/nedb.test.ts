/**
 * The document-store contract suite against the nedb adapter (issue 8 item 4: decide by evidence),
 * in a fresh temp folder, reopened from its files by the reopen test.
 */
import { tempDir } from '../../testing/index.js';
import { documentStoreContract } from '../docstore.contract.js';
import { NedbDocumentStore } from './store.js';

documentStoreContract('nedb', async () => {
  const { dir, cleanup } = tempDir('tessera-nedb-');
  const fixture = {
    store: await NedbDocumentStore.open(dir),
    reopen: async () => {
      await fixture.store.close();
      return NedbDocumentStore.open(dir);
    },
    cleanup: async () => {
      await fixture.store.close();
      cleanup();
    },
  };
  return fixture;
});
