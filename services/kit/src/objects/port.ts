/**
 * The object-store port: named blobs with a content type (uploaded images), with the same semantics
 * in both adapters (embedded files under DATA_DIR, GridFS on MongoDB via the official driver).
 *
 * - `put` creates an object once: a key that exists already is refused with ObjectExistsError (keys
 *   are chosen by the caller and never reused, so there is no overwrite and no partial replacement);
 *   once `put` resolves the object is durable and `get` returns it whole.
 * - `get` returns the bytes and the content type given to `put`, or null for a missing key.
 * - `delete` removes an object; it answers false for a missing key.
 * Keys are 1 to 200 characters of `/`-separated segments of letters, digits, `_`, `-` and `.` (a
 * segment never starts with a dot), so a key is always a safe file path and a safe GridFS id.
 */
export interface ObjectInfo {
  key: string;
  contentType: string;
  size: number;
  /** Milliseconds since the epoch when the object was stored. */
  storedAt: number;
  /** Small string metadata given to put. */
  metadata: Record<string, string>;
}

export interface StoredObject extends ObjectInfo {
  data: Uint8Array;
}

export interface PutOptions {
  contentType: string;
  metadata?: Record<string, string>;
}

/** A put of a key that is already stored. */
export class ObjectExistsError extends Error {
  constructor(readonly key: string) {
    super(`object ${key} exists already`);
    this.name = 'ObjectExistsError';
  }
}

/** A key or argument the port refuses (the caller's bug, not a storage failure). */
export class InvalidObjectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidObjectError';
  }
}

export interface ObjectStore {
  put(key: string, data: Uint8Array, options: PutOptions): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  stat(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<boolean>;
  close(): Promise<void>;
}

export const MAX_KEY_LENGTH = 200;
/** Largest object either adapter takes (the uploads are at most 10 MB). */
export const MAX_OBJECT_BYTES = 64 * 1024 * 1024;
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Throws InvalidObjectError unless `key` is a valid object key. */
export function assertObjectKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH)
    throw new InvalidObjectError(`an object key must be 1 to ${MAX_KEY_LENGTH} characters`);
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment)) throw new InvalidObjectError(`invalid object key '${key}'`);
  }
}

/** Checks put's arguments the same way in every adapter. */
export function assertPut(key: unknown, data: unknown, options: PutOptions): void {
  assertObjectKey(key);
  if (!(data instanceof Uint8Array)) throw new InvalidObjectError('object data must be bytes');
  if (data.length > MAX_OBJECT_BYTES)
    throw new InvalidObjectError(`an object may hold at most ${MAX_OBJECT_BYTES} bytes`);
  const ct = options?.contentType;
  if (typeof ct !== 'string' || ct.length === 0 || ct.length > 200 || /[\r\n]/.test(ct))
    throw new InvalidObjectError('a content type is required (at most 200 characters, one line)');
  const meta = options.metadata ?? {};
  const entries = Object.entries(meta);
  if (entries.length > 32) throw new InvalidObjectError('at most 32 metadata entries');
  for (const [k, v] of entries) {
    if (typeof v !== 'string' || k.length > 64 || v.length > 1024 || k.startsWith('$') || k.includes('.'))
      throw new InvalidObjectError(`invalid metadata entry '${k}'`);
  }
}

/**
 * The checks every adapter makes the same way, before its own work: an adapter extends this class and
 * implements the `…Checked` methods, which only ever see a valid key (and, for a put, valid arguments).
 */
export abstract class CheckedObjectStore implements ObjectStore {
  async put(key: string, data: Uint8Array, options: PutOptions): Promise<void> {
    assertPut(key, data, options);
    return this.putChecked(key, data, options);
  }

  async get(key: string): Promise<StoredObject | null> {
    assertObjectKey(key);
    return this.getChecked(key);
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    assertObjectKey(key);
    return this.statChecked(key);
  }

  async delete(key: string): Promise<boolean> {
    assertObjectKey(key);
    return this.deleteChecked(key);
  }

  abstract close(): Promise<void>;
  protected abstract putChecked(key: string, data: Uint8Array, options: PutOptions): Promise<void>;
  protected abstract getChecked(key: string): Promise<StoredObject | null>;
  protected abstract statChecked(key: string): Promise<ObjectInfo | null>;
  protected abstract deleteChecked(key: string): Promise<boolean>;
}
