// The router: generated route tree, the context every route receives, defaults.
import { createRouter } from '@tanstack/react-router';
import type { RouterContext } from './app/router-context.js';
import { PageLoading } from './components/Spinner.js';
import { routeTree } from './routeTree.gen.js';

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which owns caching; the router must not cache on its own.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: () => <PageLoading label="Loading..." />,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
