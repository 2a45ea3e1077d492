// What every route's beforeLoad and loader receive.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.js';
import type { AuthStore } from '../auth/auth-store.js';

export interface RouterContext {
  queryClient: QueryClient;
  api: ApiClient;
  auth: AuthStore;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page draws its own full-screen layout: no site header or footer. */
    fullScreen?: boolean;
  }
}
