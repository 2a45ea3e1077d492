// The router: generated route tree, shared context, defaults.
import { createRouter } from '@tanstack/react-router';
import { api } from './api/index.js';
import { authStore } from './auth/index.js';
import { PageLoading } from './components/Spinner.js';
import { createQueryClient } from './lib/query-client.js';
import { routeTree } from './routeTree.gen.js';

export const queryClient = createQueryClient();

export const router = createRouter({
  routeTree,
  context: { queryClient, api, auth: authStore },
  defaultPreload: 'intent',
  // Loaders read through TanStack Query, which owns caching; the router must not cache on its own.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: () => <PageLoading label="Loading..." />,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
