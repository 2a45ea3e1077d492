import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../app/site.js';
import { AuthCallbackPage } from '../features/auth/AuthCallbackPage.js';
import { validateCallbackSearch } from '../lib/search-params.js';

export const Route = createFileRoute('/auth/callback')({
  validateSearch: validateCallbackSearch,
  head: () => pageTitle('Signing in'),
  component: AuthCallbackPage,
});
