/**
 * The fixture the document-store and object-store contract suites take: a store, a way to close it
 * and open it again on the same data, and a cleanup. Kit-internal (not exported by `@tessera/kit/testing`,
 * so that tests which never touch MongoDB do not load its driver).
 */
import { MongoClient } from 'mongodb';

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

/** Drops a test run's own MongoDB database. */
export async function dropMongoDatabase(url: string, database: string): Promise<void> {
  const client = new MongoClient(url);
  try {
    await client.connect();
    await client.db(database).dropDatabase();
  } finally {
    await client.close();
  }
}
