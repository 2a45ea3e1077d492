// The API client and session store the auth forms work with (the router context's).
import { useRouteContext } from '@tanstack/react-router';
import type { AuthDeps } from './auth-api.js';

export function useAuthDeps(): AuthDeps {
  return useRouteContext({ from: '__root__', select: (c) => ({ api: c.api, auth: c.auth }) });
}
