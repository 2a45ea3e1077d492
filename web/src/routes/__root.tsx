import { createRootRouteWithContext, redirect } from '@tanstack/react-router';
import { AppLayout } from '../app/layout/AppLayout.js';
import { NotFoundPage, RouteErrorPage } from '../app/layout/ErrorPages.js';
import type { RouterContext } from '../app/router-context.js';
import { needsUsernameRedirect } from '../lib/guards.js';
import { TAGLINE } from '../app/site.js';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context, location }) => {
    if (needsUsernameRedirect(context.auth.getUser(), location.pathname)) {
      throw redirect({ to: '/select-username' });
    }
  },
  head: () => ({ meta: [{ title: `Tessera · ${TAGLINE}` }] }),
  component: AppLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});
