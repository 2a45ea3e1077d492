import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../app/site.js';
import { ArtistSelectionPage } from '../features/artist-selection/ArtistSelectionPage.js';
import { validateArtistSelectionSearch } from '../lib/search-params.js';

export const Route = createFileRoute('/artist-selection')({
  validateSearch: validateArtistSelectionSearch,
  head: () => pageTitle('Artist Selection'),
  component: ArtistSelectionPage,
});
