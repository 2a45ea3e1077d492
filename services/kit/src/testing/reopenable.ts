/**
 * The kit's MongoDB tests' cleanup. Kit-internal (not exported by `@tessera/kit/testing`, so that
 * tests which never touch MongoDB do not load its driver).
 */
import { MongoClient } from 'mongodb';

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
