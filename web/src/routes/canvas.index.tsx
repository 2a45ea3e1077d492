import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../app/site.js';
import { CanvasPage } from '../features/canvas/CanvasPage.js';

export const Route = createFileRoute('/canvas/')({
  head: () => pageTitle('Canvas'),
  component: CanvasPage,
});
