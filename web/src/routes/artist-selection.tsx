import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../app/site.js';
import { ArtistSelectionPage } from '../features/artist-selection/ArtistSelectionPage.js';
import { validateArtistSelectionSearch } from '../lib/search-params.js';

// The artist selection page. Page, sort and search come from the URL. The page loads its list itself
// (it shows loading skeletons meanwhile), so the loader only renews a signed-in visitor's access token
// after a reload first: the list then carries their votes (a failed renewal leaves the list public).
export const Route = createFileRoute('/artist-selection')({
  validateSearch: validateArtistSelectionSearch,
  loader: async ({ context }) => {
    if (context.auth.isSignedIn() && context.auth.isExpiring()) await context.api.refreshSession();
  },
  head: () => pageTitle('Artist Selection'),
  component: ArtistSelectionPage,
});
