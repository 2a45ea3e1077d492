// The editor's loading and error screens.
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { friendlyMessage } from '../../api/messages.js';
import { authStore } from '../../auth/index.js';
import { Spinner } from '../../components/Spinner.js';

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
