// The app's one API client, bound to the session store, for the router's context (main.tsx builds
// the router with it). Components read it from the router context with useApi()
// (app/router-context.ts); features/editor/BoardEditorPage.tsx still imports it directly.
import { authStore } from '../auth/index.js';
import { ApiClient } from './client.js';

export const api = new ApiClient({ auth: authStore });
