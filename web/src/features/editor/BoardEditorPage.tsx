// Board editor frame (full-screen, dark): header with back link, board badge and position, and the
// board's pixels drawn read-only. Locking, selection, colours and saving build on this frame.
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, type ErrorComponentProps } from '@tanstack/react-router';
import { friendlyMessage } from '../../api/messages.js';
import { authStore } from '../../auth/index.js';
import { Spinner } from '../../components/Spinner.js';
import { boardPosition } from '../../lib/board.js';
import { boardPixelsQueryOptions } from './board-pixels.js';
import { PixelGrid } from './PixelGrid.js';
import { api } from '../../api/index.js';

const route = getRouteApi('/canvas/art/$boardIndex');

export function BoardEditorPage() {
  const { boardIndex } = route.useParams();
  const { canvas } = route.useLoaderData();
  const { data: pixels } = useSuspenseQuery(boardPixelsQueryOptions(api, canvas.canvasIndex, boardIndex));
  const { row, col } = boardPosition(boardIndex);

  return (
    <div className="editor">
      <header className="editor__header">
        <Link to="/canvas" className="editor__back">
          <span aria-hidden="true">←</span> Back
        </Link>
        <h1 className="editor__badge">Board {boardIndex}</h1>
        {/* "Row r, Col c", 1-based; wide screens only. */}
        <span className="editor__position">
          Row {row + 1}, Col {col + 1}
        </span>
        <span className="editor__canvas-name">{canvas.canvasName}</span>
      </header>
      <div className="editor__stage">
        <PixelGrid pixels={pixels} label={`Board ${boardIndex} of ${canvas.canvasName}`} />
      </div>
    </div>
  );
}

/** Shown while the session is renewed, then while the board's pixels load. */
export function EditorPending() {
  const label = authStore.isExpiring() ? 'Checking authentication...' : 'Loading board pixels...';
  return (
    <div className="editor editor--centered">
      <Spinner label={label} size="lg" />
    </div>
  );
}

export function EditorLoadError({ error }: ErrorComponentProps) {
  return (
    <div className="editor editor--centered">
      <div className="editor__error" role="alert">
        <h1>Failed to load board pixels</h1>
        <p>{friendlyMessage(error)}</p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Retry
          </button>
          <Link to="/canvas" className="button button--ghost-dark">
            Back to Canvas
          </Link>
        </div>
      </div>
    </div>
  );
}
