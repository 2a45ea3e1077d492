/**
 * The key that signs upload forms. UPLOAD_SIGNING_SECRET when set (every replica the same); else a
 * random key generated once and kept in the submission store, so every replica on that store and
 * every restart sign and verify alike (the same way identity keeps its generated signing key).
 */
import { randomBytes } from 'node:crypto';
import { insertIfAbsent, type DocumentStore } from '@tessera/kit';
import type { StateDoc } from './contributors.js';

const ID = 'upload-signing-secret';

export async function uploadSecret(store: DocumentStore, configured?: string): Promise<Uint8Array> {
  if (configured) return Buffer.from(configured, 'utf8');
  const state = await store.collection<StateDoc>('state');
  const existing = await state.findOne({ _id: ID });
  if (existing?.secret) return Buffer.from(existing.secret, 'base64');
  // false: another replica stored one first: use that
  await insertIfAbsent(state, { _id: ID, secret: randomBytes(32).toString('base64') });
  const stored = await state.findOne({ _id: ID });
  if (!stored?.secret) throw new Error('upload signing secret could not be stored');
  return Buffer.from(stored.secret, 'base64');
}
