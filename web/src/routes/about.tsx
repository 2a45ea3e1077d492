import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../app/site.js';
import { AboutPage } from '../features/about/AboutPage.js';

export const Route = createFileRoute('/about')({
  head: () => pageTitle('About'),
  component: AboutPage,
});
