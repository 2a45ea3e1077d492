// Shown on /canvas while the active canvas is sold out and no next artwork was chosen yet: the gallery
// keeps showing the finished piece (not in the spec's texts: written for this case).
import { Link } from '@tanstack/react-router';

export const SOLD_OUT_TITLE = 'Sold out!';
export const SOLD_OUT_TEXT =
  'Every pixel of this artwork has found its owner. Thank you for being part of it! The next featured artwork will appear here as soon as the community picks it.';
export const SOLD_OUT_LINK = 'Vote for the next artwork';

export function SoldOutNotice() {
  return (
    <aside className="sold-out-notice" role="status" aria-labelledby="sold-out-title">
      <span className="sold-out-notice__badge" aria-hidden="true">
        ★
      </span>
      <div className="sold-out-notice__body">
        <h2 id="sold-out-title" className="sold-out-notice__title">
          {SOLD_OUT_TITLE}
        </h2>
        <p className="sold-out-notice__text">{SOLD_OUT_TEXT}</p>
      </div>
      <Link to="/artist-selection" className="button button--primary sold-out-notice__action">
        {SOLD_OUT_LINK}
      </Link>
    </aside>
  );
}
