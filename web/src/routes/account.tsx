import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../app/site.js';
import { AccountPage } from '../features/account/AccountPage.js';

// The signed-in user's account: username, e-mail and the pixel-info choice (issue 24). Signed out, the
// page asks to sign in (as /my-pixels does): no redirect that a session restored on load could race.
export const Route = createFileRoute('/account')({
  head: () => pageTitle('Your account'),
  component: AccountPage,
});
