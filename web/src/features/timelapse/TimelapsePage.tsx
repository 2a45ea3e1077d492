// /canvas/timelapse?canvas=N: a canvas's purchases replayed in commit order (the active canvas when
// no canvas is named).
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useApi } from '../../app/router-context.js';
import { Spinner } from '../../components/Spinner.js';
import { activeCanvasQueryOptions } from '../canvas/queries.js';
import { galleryQueryOptions, historyQueryOptions } from './queries.js';
import { TimelapsePlayer } from './TimelapsePlayer.js';
import './timelapse.css';

function useCanvasIndex(requested: number | undefined): number | null {
  const active = useQuery({ ...activeCanvasQueryOptions(useApi()), enabled: requested === undefined });
  if (requested !== undefined) return requested;
  return active.data ? active.data.canvasIndex : null;
}

export function TimelapsePage({ canvas }: { canvas?: number }) {
  const canvasIndex = useCanvasIndex(canvas);
  const gallery = useQuery(galleryQueryOptions(useApi()));
  const history = useQuery({ ...historyQueryOptions(canvasIndex ?? -1), enabled: canvasIndex !== null });
  const known = [...(gallery.data?.canvases ?? []), ...(gallery.data?.current ? [gallery.data.current] : [])];
  const name = known.find((c) => c.canvasIndex === canvasIndex)?.name ?? `Canvas ${canvasIndex ?? ''}`.trim();
  return (
    <div className="page timelapse-page">
      <header className="page-header">
        <p className="eyebrow">Timelapse</p>
        <h1>{name}</h1>
        <p className="lead">
          Every purchase in the order it was made, replayed pixel by pixel.{' '}
          <Link to="/gallery" className="text-link">
            Past canvases
          </Link>
        </p>
      </header>
      {history.isError ? (
        <p role="alert" className="banner banner--error">
          {history.error instanceof Error ? history.error.message : 'The timelapse could not be loaded.'}
        </p>
      ) : history.data ? (
        <TimelapsePlayer history={history.data} title={name} />
      ) : (
        <div className="page-loading">
          <Spinner label="Loading the timelapse..." />
        </div>
      )}
    </div>
  );
}
