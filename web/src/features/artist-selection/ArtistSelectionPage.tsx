// The artist selection page (/artist-selection, spec section 2): title, subtitle and the voting
// notice; Submit Artwork (or Sign In to Submit); search and the Hot/New tabs; the submissions with
// their loading, error and empty states; pagination; and the Submit Artwork modal. Page, sort and
// search live in the URL (validated by the route); search changes replace the history entry.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SortOrder } from '@tessera/facts/submissions';
import type { Submission, SubmissionPage } from './artist-selection-api.js';
import { useApi } from '../../app/router-context.js';
import { toast } from '../../app/toast/toast-store.js';
import { useAuth, useSignedIn } from '../../auth/use-auth.js';
import {
  artistSelectionSearch,
  artistSelectionState,
  type ArtistSelectionSearch,
} from '../../lib/search-params.js';
import { openSignInDialog } from '../auth-dialog/index.js';
import { PAGE_TEXT, TOASTS } from './messages.js';
import { Pagination } from './Pagination.js';
import { submissionKeys, submissionsQueryOptions } from './queries.js';
import type { CardContext } from './SubmissionCard.js';
import { SubmissionResults } from './SubmissionResults.js';
import { SubmissionToolbar } from './SubmissionToolbar.js';
import { SubmitArtworkModal } from './SubmitArtworkModal.js';
import { VerifyEmailDialog } from './VerifyEmailDialog.js';
import { closeVerifyEmail, useVerifyEmail } from './verify-email.js';
import { useNow } from './use-now.js';
import { useOwnSubmission } from './use-own-submission.js';
import { useSearchInput } from './use-search-input.js';
import { prependItem } from './votes.js';
import './artist-selection.css';

export function ArtistSelectionPage() {
  const search = useSearch({ from: '/artist-selection' });
  const state = artistSelectionState(search);
  const navigate = useNavigate({ from: '/artist-selection' });
  const api = useApi();
  const queryClient = useQueryClient();
  const signedIn = useSignedIn();
  const viewerId = useAuth().user?.id ?? null;
  const params = { page: state.page, sort: state.sort, search: state.search, viewerId };
  const listKey = submissionKeys.list(params);
  const query = useQuery(submissionsQueryOptions(api, params));
  const own = useOwnSubmission(query.data?.items, viewerId);
  const [modalOpen, setModalOpen] = useState(false);
  const verify = useVerifyEmail();
  // The submission just made here: the page shows the newest first with it on top, marked.
  const [newId, setNewId] = useState<string | null>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const now = useNow();

  const go = useCallback(
    (patch: ArtistSelectionSearch, options: { replace?: boolean; resetScroll?: boolean } = {}) =>
      void navigate({
        search: (prev: ArtistSelectionSearch) => artistSelectionSearch({ ...prev, ...patch }),
        replace: options.replace ?? false,
        resetScroll: options.resetScroll ?? true,
      }),
    [navigate],
  );

  // Search: page 1, no new history entry, the page stays where it is.
  const input = useSearchInput(state.search, (term) =>
    go({ search: term, page: undefined }, { replace: true, resetScroll: false }),
  );

  // A page past the end (a hand-edited URL, or the list shrank): show the last page instead.
  const totalPages = query.data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (totalPages > 0 && state.page > totalPages) go({ page: totalPages }, { replace: true });
  }, [totalPages, state.page, go]);

  const context: CardContext = {
    listKey,
    sortedByHot: state.sort === 'hot',
    viewerId,
    now,
    newId,
    deleteOptions: {
      page: state.page,
      onDeleted: own.markDeleted,
      goToPage: (page) => go({ page }),
    },
  };

  const closeModal = () => {
    setModalOpen(false);
    submitButton.current?.focus();
  };

  const submitted = (created: Submission | null) => {
    setModalOpen(false);
    own.markCreated();
    toast.success(TOASTS.created);
    if (created) {
      // Show it: the newest first, page 1, no search, with the new submission on top.
      const newestKey = submissionKeys.list({ sort: 'new', page: 1, search: '', viewerId });
      queryClient.setQueryData<SubmissionPage>(newestKey, (old) => (old ? prependItem(old, created) : old));
      setNewId(created.id);
      if (state.sort !== 'new' || state.page !== 1 || state.search !== '')
        go({ sort: 'new', page: undefined, search: undefined });
    }
    void queryClient.invalidateQueries({ queryKey: submissionKeys.all });
  };

  return (
    <section className="page artist-page" aria-labelledby="artist-selection-title">
      <div className="artist-page__top">
        <header className="page-header artist-page__header">
          <p className="eyebrow">Community vote</p>
          <h1 id="artist-selection-title">{PAGE_TEXT.title}</h1>
          <p className="lead">{PAGE_TEXT.subtitle}</p>
        </header>
        {!signedIn ? (
          <button
            type="button"
            className="button button--primary artist-page__submit"
            onClick={() => openSignInDialog('protected-action')}
          >
            {PAGE_TEXT.signInToSubmit}
          </button>
        ) : (
          !own.hasOwn && (
            <button
              ref={submitButton}
              type="button"
              className="button button--primary artist-page__submit"
              onClick={() => setModalOpen(true)}
            >
              {PAGE_TEXT.submit}
            </button>
          )
        )}
      </div>
      <aside className="notice" aria-label="How voting works">
        <p>{PAGE_TEXT.notice}</p>
      </aside>
      <SubmissionToolbar
        input={input}
        sort={state.sort}
        onSort={(sort: SortOrder) => go({ sort, page: undefined })}
      />
      <SubmissionResults
        data={query.data}
        error={query.error}
        loading={query.isPending || (query.isFetching && query.isError)}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
        searchTerm={state.search}
        onClearSearch={input.clear}
        context={context}
      />
      <Pagination info={query.data?.pagination} onPage={(page) => go({ page })} />
      {modalOpen && <SubmitArtworkModal onClose={closeModal} onSubmitted={submitted} />}
      {verify.retry && (
        <VerifyEmailDialog
          onClose={closeVerifyEmail}
          onVerified={() => {
            const retry = verify.retry;
            closeVerifyEmail();
            retry?.();
          }}
        />
      )}
    </section>
  );
}
