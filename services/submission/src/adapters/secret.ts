/**
 * The key that signs upload forms. UPLOAD_SIGNING_SECRET when set (every replica the same); else a
 * random key generated once and kept in the submission store, so every replica on that store and
 * every restart sign and verify alike (the kit's `storedSecret`, as identity keeps its generated signing key).
 */
import { randomBytes } from 'node:crypto';
import { storedSecret, type DocumentStore } from '@tessera/kit';
import type { StateDoc } from './contributors.js';

const ID = 'upload-signing-secret';

export async function uploadSecret(store: DocumentStore, configured?: string): Promise<Uint8Array> {
  if (configured) return Buffer.from(configured, 'utf8');
  const state = await store.collection<StateDoc>('state');
  // another replica may store one first: every replica then uses that one
  const { doc } = await storedSecret(state, ID, () => ({ secret: randomBytes(32).toString('base64') }));
  if (!doc.secret) throw new Error('upload signing secret could not be stored');
  return Buffer.from(doc.secret, 'base64');
}
