// My pixels (issue 24): the signed-in buyer's purchases, newest first: canvas, board, pixels (each a
// link to the pixel on the live canvas), amount, date and status (refunds in the buyer's words),
// a page at a time. Signed out: the sign-in prompt; loading, empty and error states of their own.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { canvasPixelOf } from '@tessera/facts/grid';
import { formatDollars } from '@tessera/facts/pricing';
import type { AccountOrder } from '@tessera/api/account';
import { orderStatusText, refundReasonText } from '@tessera/facts/purchases';
import { friendlyMessage } from '../../api/messages.js';
import { useApi } from '../../app/router-context.js';
import { useAuth } from '../../auth/use-auth.js';
import { Spinner } from '../../components/Spinner.js';
import { openSignInDialog } from '../auth-dialog/index.js';
import { activeCanvasQueryOptions } from '../canvas/queries.js';
import { myOrdersQueryOptions } from './queries.js';
import './my-pixels.css';

export const MY_PIXELS_TEXT = {
  title: 'My pixels',
  lead: 'Every pixel you bought, with its receipt. Open a pixel to see it on the canvas.',
  signedOut: 'Sign in to see the pixels you bought.',
  signIn: 'Sign In',
  loading: 'Loading your purchases...',
  loadFailed: 'Your purchases could not be loaded.',
  retry: 'Try again',
  empty: 'You have not bought any pixels yet.',
  emptyAction: 'Explore the canvas',
} as const;

/** Pixel links shown at once; the rest behind "Show all". */
export const PIXELS_SHOWN = 12;

const dateText = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function PixelLinks({ order, live }: { order: AccountOrder; live: boolean }) {
  const link = (p: AccountOrder['pixels'][number]) => {
    const at = canvasPixelOf(order.boardIndex, p.x, p.y);
    const label = `(${at.x}, ${at.y})`;
    return (
      <li key={`${p.x}-${p.y}`}>
        <span className="my-pixels__swatch" style={{ background: p.color }} aria-hidden="true" />
        {live && order.status !== 'refunded' ? (
          <Link to="/canvas" search={{ x: at.x, y: at.y }} aria-label={`Pixel ${label} on the canvas`}>
            {label}
          </Link>
        ) : (
          <span>{label}</span>
        )}
      </li>
    );
  };
  const first = order.pixels.slice(0, PIXELS_SHOWN);
  const rest = order.pixels.slice(PIXELS_SHOWN);
  return (
    <>
      <ul className="my-pixels__pixels">{first.map(link)}</ul>
      {rest.length > 0 && (
        <details className="my-pixels__more">
          <summary>Show all {order.pixelCount} pixels</summary>
          <ul className="my-pixels__pixels">{rest.map(link)}</ul>
        </details>
      )}
    </>
  );
}

function OrderCard({ order, activeCanvas }: { order: AccountOrder; activeCanvas: number | null }) {
  const live = activeCanvas === order.canvasIndex;
  const refunded = order.status !== 'paid';
  return (
    <li className="my-pixels__order" data-order-id={order.id}>
      <div className="my-pixels__head">
        <h2 className="my-pixels__title">
          Canvas {order.canvasIndex}, board {order.boardIndex}
        </h2>
        <span className={`my-pixels__status my-pixels__status--${order.status}`}>
          {orderStatusText(order)}
        </span>
      </div>
      <dl className="my-pixels__facts">
        <div>
          <dt>Bought</dt>
          <dd>{dateText(order.paidAt ?? order.createdAt)}</dd>
        </div>
        <div>
          <dt>Pixels</dt>
          <dd>{order.pixelCount}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{formatDollars(order.totalCents)}</dd>
        </div>
        <div>
          <dt>Of which tax</dt>
          <dd>{formatDollars(order.taxCents)}</dd>
        </div>
      </dl>
      {refunded && <p className="my-pixels__refund">{refundReasonText(order.refundReason)}</p>}
      <PixelLinks order={order} live={live} />
      <p className="my-pixels__links">
        {live ? (
          <Link to="/canvas/art/$boardIndex" params={{ boardIndex: order.boardIndex }}>
            Open board {order.boardIndex}
          </Link>
        ) : (
          <span className="my-pixels__past">This canvas is no longer on show.</span>
        )}
        <span className="my-pixels__id">Order {order.id}</span>
      </p>
    </li>
  );
}

export function MyPixelsPage({ page }: { page: number }) {
  const api = useApi();
  const { user } = useAuth();
  const signedIn = user !== null;
  const orders = useQuery({ ...myOrdersQueryOptions(api, user?.id ?? '', page), enabled: signedIn });
  const active = useQuery({ ...activeCanvasQueryOptions(api), enabled: signedIn });
  const activeCanvas = active.data?.canvasIndex ?? null;

  let body;
  if (!signedIn) {
    body = (
      <div className="my-pixels__state">
        <p>{MY_PIXELS_TEXT.signedOut}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => openSignInDialog('protected-action')}
        >
          {MY_PIXELS_TEXT.signIn}
        </button>
      </div>
    );
  } else if (orders.isPending) {
    body = (
      <div className="my-pixels__state">
        <Spinner label={MY_PIXELS_TEXT.loading} />
      </div>
    );
  } else if (orders.isError) {
    body = (
      <div className="my-pixels__state" role="alert">
        <p>
          {MY_PIXELS_TEXT.loadFailed} {friendlyMessage(orders.error)}
        </p>
        <button type="button" className="button button--secondary" onClick={() => void orders.refetch()}>
          {MY_PIXELS_TEXT.retry}
        </button>
      </div>
    );
  } else if (orders.data.orders.length === 0 && page === 1) {
    body = (
      <div className="my-pixels__state">
        <p>{MY_PIXELS_TEXT.empty}</p>
        <Link to="/canvas" className="button button--primary">
          {MY_PIXELS_TEXT.emptyAction}
        </Link>
      </div>
    );
  } else {
    const { pagination } = orders.data;
    body = (
      <>
        <p className="my-pixels__count">
          {pagination.totalCount} {pagination.totalCount === 1 ? 'purchase' : 'purchases'}
        </p>
        <ol className="my-pixels__list">
          {orders.data.orders.map((o) => (
            <OrderCard key={o.id} order={o} activeCanvas={activeCanvas} />
          ))}
        </ol>
        {pagination.totalPages > 1 && (
          <nav className="my-pixels__pager" aria-label="Purchase pages">
            {pagination.hasPrevious ? (
              <Link to="/my-pixels" search={{ page: page - 1 }} className="button button--secondary">
                Newer
              </Link>
            ) : (
              <span />
            )}
            <span>
              Page {pagination.currentPage} of {pagination.totalPages}
            </span>
            {pagination.hasNext ? (
              <Link to="/my-pixels" search={{ page: page + 1 }} className="button button--secondary">
                Older
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </>
    );
  }

  return (
    <section className="page my-pixels" aria-labelledby="my-pixels-title">
      <header className="page-header">
        <p className="eyebrow">Your purchases</p>
        <h1 id="my-pixels-title">{MY_PIXELS_TEXT.title}</h1>
        <p className="lead">{MY_PIXELS_TEXT.lead}</p>
      </header>
      {body}
    </section>
  );
}
