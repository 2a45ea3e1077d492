import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageTitle } from '../app/site.js';
import { SelectUsernamePage } from '../features/auth/SelectUsernamePage.js';

export const Route = createFileRoute('/select-username')({
  // Unauthenticated users sign in first; a user who already has a username has nothing to choose.
  beforeLoad: ({ context }) => {
    const user = context.auth.getUser();
    if (!user) throw redirect({ to: '/login', replace: true });
    if (!user.needsUsernameSelection && user.username) throw redirect({ to: '/canvas', replace: true });
  },
  head: () => pageTitle('Choose Your Username'),
  component: SelectUsernamePage,
});
