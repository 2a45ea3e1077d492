import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../app/site.js';
import { requireSession } from '../auth/route-guards.js';
import { AccountPage } from '../features/account/AccountPage.js';

// The signed-in user's account: username, e-mail and the pixel-info choice (issue 24).
export const Route = createFileRoute('/account')({
  beforeLoad: ({ context }) => requireSession(context),
  head: () => pageTitle('Your account'),
  component: AccountPage,
});
