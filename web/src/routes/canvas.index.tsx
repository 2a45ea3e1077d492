import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../app/site.js';
import { CanvasLoading, CanvasPage } from '../features/canvas/CanvasPage.js';
import { activeCanvasQueryOptions } from '../features/canvas/queries.js';
import { validateCanvasSearch } from '../lib/search-params.js';

// The canvas page: the active canvas is loaded before the page shows, with the loading frame at once.
// A deep link /canvas?x=&y= opens the canvas zoomed on that pixel, marked.
export const Route = createFileRoute('/canvas/')({
  validateSearch: validateCanvasSearch,
  loader: async ({ context }) => {
    try {
      await context.queryClient.ensureQueryData(activeCanvasQueryOptions(context.api));
    } catch {
      // Not a route error: the page shows a failed load with "Retry Loading", or the empty state.
    }
  },
  head: () => pageTitle('Canvas'),
  pendingComponent: CanvasLoading,
  pendingMs: 0,
  pendingMinMs: 0,
  component: CanvasPage,
});
