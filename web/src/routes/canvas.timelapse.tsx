import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../app/site.js';
import { TimelapsePage } from '../features/timelapse/TimelapsePage.js';
import { validateTimelapseSearch } from '../lib/search-params.js';

export const Route = createFileRoute('/canvas/timelapse')({
  validateSearch: validateTimelapseSearch,
  head: () => pageTitle('Timelapse'),
  component: function Timelapse() {
    return <TimelapsePage canvas={Route.useSearch().canvas} />;
  },
});
