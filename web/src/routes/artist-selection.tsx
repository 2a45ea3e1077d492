import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../app/site.js';
import { ArtistSelectionPage } from '../features/artist-selection/ArtistSelectionPage.js';
import { submissionsQueryOptions } from '../features/artist-selection/queries.js';
import { artistSelectionState, validateArtistSelectionSearch } from '../lib/search-params.js';

// The artist selection page. Page, sort and search come from the URL. The page shows its own loading
// skeletons, so the loader only starts the list's fetch; after a reload it first renews a signed-in
// visitor's access token, so the list carries their votes (a failed renewal leaves the list public).
export const Route = createFileRoute('/artist-selection')({
  validateSearch: validateArtistSelectionSearch,
  loaderDeps: ({ search }) => artistSelectionState(search),
  loader: async ({ context, deps }) => {
    if (context.auth.isSignedIn() && context.auth.isExpiring()) await context.api.refreshSession();
    void context.queryClient.prefetchQuery(
      submissionsQueryOptions(context.api, { ...deps, viewerId: context.auth.getUser()?.id ?? null }),
    );
  },
  head: () => pageTitle('Artist Selection'),
  component: ArtistSelectionPage,
});
