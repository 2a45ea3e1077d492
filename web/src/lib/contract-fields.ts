// Reading an answer by the HTTP contract (@tessera/api): the contract names the fields, the app's
// readers (lib/json.ts) check each value. A field renamed in the contract fails the web's typecheck
// where it is read, and a malformed answer still becomes "no value" rather than a crash.
import type { Unchecked } from '@tessera/api/request';
import { isRecord } from './json.js';

/** The fields of `T` (a contract type) in `body`, each of unknown value; none when it is no object. */
export function fieldsOf<T>(body: unknown): Unchecked<T> {
  return isRecord(body) ? (body as Unchecked<T>) : {};
}
