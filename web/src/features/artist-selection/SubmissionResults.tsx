// The list area: three loading skeletons, the error panel with Retry, the empty states, or the grid
// of submission cards.
import type { SubmissionPage } from './artist-selection-api.js';
import { PAGE_TEXT, listErrorMessage, noResultsText } from './messages.js';
import { SubmissionCard, type CardContext } from './SubmissionCard.js';

export const RESULTS_ID = 'submission-results';

export interface SubmissionResultsProps {
  data: SubmissionPage | undefined;
  error: unknown;
  loading: boolean;
  retrying: boolean;
  onRetry(): void;
  searchTerm: string;
  onClearSearch(): void;
  context: CardContext;
}

export function SubmissionResults(props: SubmissionResultsProps) {
  const { data, error, loading } = props;

  if (loading && !data) {
    return (
      <div id={RESULTS_ID} className="submission-grid" aria-busy="true" aria-label="Loading submissions">
        {[0, 1, 2].map((i) => (
          <div key={i} className="submission-skeleton" aria-hidden="true">
            <div className="skeleton skeleton--square" />
            <div className="skeleton skeleton--line" />
            <div className="skeleton skeleton--line skeleton--short" />
          </div>
        ))}
      </div>
    );
  }

  if (!data) {
    return (
      <div id={RESULTS_ID} className="submission-state submission-state--error" role="alert">
        <span className="submission-state__icon" aria-hidden="true">
          !
        </span>
        <p className="submission-state__message">{listErrorMessage(error)}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={props.onRetry}
          disabled={props.retrying}
        >
          {PAGE_TEXT.retry}
        </button>
      </div>
    );
  }

  if (data.items.length === 0) {
    return (
      <div id={RESULTS_ID} className="submission-state" role="status">
        {props.searchTerm !== '' ? (
          <>
            <p className="submission-state__title">{noResultsText(props.searchTerm)}</p>
            <button type="button" className="button button--secondary" onClick={props.onClearSearch}>
              {PAGE_TEXT.clearSearch}
            </button>
          </>
        ) : (
          <>
            <p className="submission-state__title">{PAGE_TEXT.emptyTitle}</p>
            <p className="submission-state__message">{PAGE_TEXT.emptyBody}</p>
          </>
        )}
      </div>
    );
  }

  return (
    <div
      id={RESULTS_ID}
      className="submission-grid"
      aria-label="Submissions"
      aria-busy={loading || undefined}
    >
      {data.items.map((submission) => (
        <SubmissionCard key={submission.id} submission={submission} context={props.context} />
      ))}
    </div>
  );
}
