import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../app/site.js';
import { TermsPage } from '../features/legal/TermsPage.js';

export const Route = createFileRoute('/terms')({
  head: () => pageTitle('Terms of Service'),
  component: TermsPage,
});
