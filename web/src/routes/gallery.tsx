import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../app/site.js';
import { GalleryPage } from '../features/timelapse/GalleryPage.js';
import { galleryQueryOptions } from '../features/timelapse/queries.js';

export const Route = createFileRoute('/gallery')({
  loader: async ({ context }) => {
    try {
      await context.queryClient.ensureQueryData(galleryQueryOptions(context.api));
    } catch {
      // the page shows the failed load
    }
  },
  head: () => pageTitle('Past canvases'),
  component: GalleryPage,
});
