/**
 * The fixture the document-store and object-store contract suites take: a store, a way to close it
 * and open it again on the same data, and a cleanup.
 */
export interface Reopenable<S> {
  store: S;
  reopen(): Promise<S>;
  cleanup(): Promise<void>;
}

/** Opens a store with `open`; `reopen` closes the current one and opens again; `cleanup` closes and disposes. */
export async function reopenable<S extends { close(): Promise<void> }>(
  open: () => Promise<S>,
  dispose: () => void | Promise<void>,
): Promise<Reopenable<S>> {
  const fixture: Reopenable<S> = {
    store: await open(),
    reopen: async () => {
      await fixture.store.close();
      return open();
    },
    cleanup: async () => {
      await fixture.store.close();
      await dispose();
    },
  };
  return fixture;
}
