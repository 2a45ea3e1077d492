import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../app/site.js';
import { MyPixelsPage } from '../features/my-pixels/MyPixelsPage.js';
import { validateMyPixelsSearch } from '../features/my-pixels/search.js';

// My pixels: the signed-in buyer's purchases, a page at a time (?page=). A signed-in visitor's access
// token is renewed first after a reload; a guest sees the sign-in prompt.
export const Route = createFileRoute('/my-pixels')({
  validateSearch: validateMyPixelsSearch,
  loader: async ({ context }) => {
    if (context.auth.isSignedIn() && context.auth.isExpiring()) await context.api.refreshSession();
  },
  head: () => pageTitle('My pixels'),
  component: MyPixelsRoute,
});

function MyPixelsRoute() {
  const { page } = Route.useSearch();
  return <MyPixelsPage page={page ?? 1} />;
}
