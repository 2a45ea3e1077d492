// Signing out from the header: tell the server (best effort), then clear the local session.
import type { ApiClient } from '../api/client.js';
import { authStore } from '../auth/index.js';

export async function signOut(api: ApiClient): Promise<void> {
  try {
    await api.post('/auth/logout', {}, { auth: 'optional', timeoutMs: 5000 });
  } catch {
    // The local session is cleared either way; the server session expires on its own.
  }
  authStore.signOut('logout');
}
