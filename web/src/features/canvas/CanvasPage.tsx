// The main canvas page (/canvas): the route's loader loads the active canvas (CanvasLoading shows the
// "Loading canvas..." frame meanwhile), then the page shows the workspace; a failed load shows
// "Retry Loading"; no canvas shows the empty state.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { friendlyMessage } from '../../api/messages.js';
import { useApi } from '../../app/router-context.js';
import { Spinner } from '../../components/Spinner.js';
import { CanvasWorkspace } from './CanvasWorkspace.js';
import { activeCanvasQueryOptions } from './queries.js';

export const NO_ACTIVE_CANVAS = 'No active canvas found';

const route = getRouteApi('/canvas/');

export function CanvasPage() {
  const query = useQuery(activeCanvasQueryOptions(useApi()));
  const { x, y } = route.useSearch();
  const pixel = x !== undefined && y !== undefined ? { x, y } : null;

  if (query.data) return <CanvasWorkspace canvas={query.data} pixel={pixel} />;
  if (query.isError) {
    const empty = query.error instanceof Error && query.error.message === NO_ACTIVE_CANVAS;
    return (
      <section className="canvas-page" aria-labelledby="canvas-title">
        <div className="canvas-state" role={empty ? 'status' : 'alert'}>
          <h1 id="canvas-title">{empty ? NO_ACTIVE_CANVAS : 'Failed to load canvas'}</h1>
          <p>
            {empty
              ? 'There is no featured artwork right now. Check back soon.'
              : friendlyMessage(query.error)}
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            {query.isFetching ? 'Loading...' : 'Retry Loading'}
          </button>
        </div>
      </section>
    );
  }
  return <CanvasLoading />;
}

/** The page while the active canvas loads (also the route's pending component). */
export function CanvasLoading() {
  return (
    <section className="canvas-page" aria-labelledby="canvas-title" aria-busy="true">
      <header className="canvas-page__intro">
        <h1 id="canvas-title" className="visually-hidden">
          Canvas
        </h1>
        <div className="skeleton skeleton--title" aria-hidden="true" />
        <div className="skeleton skeleton--line" aria-hidden="true" />
        <div className="skeleton skeleton--line skeleton--short" aria-hidden="true" />
      </header>
      <div className="canvas-stage canvas-stage--loading checkerboard">
        <div className="canvas-stage__center">
          <Spinner label="Loading canvas..." size="lg" />
        </div>
      </div>
    </section>
  );
}
