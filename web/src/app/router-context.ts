// What every route's beforeLoad and loader receive, and how components read it.
import type { QueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { ApiClient } from '../api/client.js';
import type { AuthStore } from '../auth/auth-store.js';

export interface RouterContext {
  queryClient: QueryClient;
  api: ApiClient;
  auth: AuthStore;
}

/** The API client of the router context: components take it from here, never from a module. */
export function useApi(): ApiClient {
  return useRouteContext({ from: '__root__', select: (context) => context.api });
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page draws its own full-screen layout: no site header or footer. */
    fullScreen?: boolean;
  }
}
