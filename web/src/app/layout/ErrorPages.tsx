// Pages for unknown addresses and for errors no route handled.
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { friendlyMessage } from '../../api/messages.js';

export function NotFoundPage() {
  return (
    <section className="page page--narrow status-page" aria-labelledby="not-found-title">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page not found</h1>
      <p className="lead">
        This address does not match any page of Tessera. The canvas is a good place to start.
      </p>
      <Link to="/canvas" className="button button--primary">
        Go to the canvas
      </Link>
    </section>
  );
}

export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  return (
    <section className="page page--narrow status-page" aria-labelledby="route-error-title" role="alert">
      <h1 id="route-error-title">Something went wrong</h1>
      <p className="lead">{friendlyMessage(error)}</p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={reset}>
          Try again
        </button>
        <Link to="/canvas" className="button button--secondary">
          Go to the canvas
        </Link>
      </div>
    </section>
  );
}
