import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageTitle } from '../app/site.js';
import { LoginPage } from '../features/auth/LoginPage.js';
import { validateLoginSearch } from '../lib/search-params.js';

export const Route = createFileRoute('/login')({
  validateSearch: validateLoginSearch,
  // An already authenticated user goes to the canvas.
  beforeLoad: ({ context }) => {
    if (context.auth.getUser()) throw redirect({ to: '/canvas', replace: true });
  },
  head: () => pageTitle('Sign In'),
  component: LoginPage,
});
