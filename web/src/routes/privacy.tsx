import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../app/site.js';
import { PrivacyPage } from '../features/legal/PrivacyPage.js';

export const Route = createFileRoute('/privacy')({
  head: () => pageTitle('Privacy Policy'),
  component: PrivacyPage,
});
