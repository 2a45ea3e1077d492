import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../app/site.js';
import { CanvasLoading, CanvasPage } from '../features/canvas/CanvasPage.js';
import { activeCanvasQueryOptions } from '../features/canvas/queries.js';

// The canvas page: the active canvas is loaded before the page shows, with the loading frame at once.
export const Route = createFileRoute('/canvas/')({
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
