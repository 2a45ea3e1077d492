// The search box with its clear button, and the Hot ("most votes") / New ("most recent") tabs.
import { useId } from 'react';
import { PillTabs, type PillTab } from '../../components/PillTabs.js';
import { SEARCH_MAX, type SortOrder } from '@tessera/facts/submissions';
import { PAGE_TEXT } from './messages.js';
import { RESULTS_ID } from './SubmissionResults.js';
import type { SearchInput } from './use-search-input.js';

const tab = (sort: SortOrder, label: string, hint: string): PillTab<SortOrder> => ({
  value: sort,
  content: (
    <>
      <span className="artist-tabs__label">{label}</span>
      <span className="artist-tabs__hint">{hint}</span>
    </>
  ),
});

const TABS = [tab('hot', PAGE_TEXT.hot, PAGE_TEXT.hotHint), tab('new', PAGE_TEXT.new, PAGE_TEXT.newHint)];

export interface SubmissionToolbarProps {
  input: SearchInput;
  sort: SortOrder;
  onSort(sort: SortOrder): void;
}

export function SubmissionToolbar({ input, sort, onSort }: SubmissionToolbarProps) {
  const inputId = useId();
  return (
    <div className="artist-toolbar">
      <form
        role="search"
        className="artist-search"
        onSubmit={(event) => {
          event.preventDefault();
          input.flush();
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Search submissions
        </label>
        <svg className="artist-search__icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={inputId}
          className="artist-search__input"
          type="search"
          inputMode="search"
          autoComplete="off"
          placeholder={PAGE_TEXT.searchPlaceholder}
          maxLength={SEARCH_MAX}
          value={input.text}
          onChange={(event) => input.setText(event.target.value)}
        />
        {input.text !== '' && (
          <button
            type="button"
            className="artist-search__clear"
            aria-label={PAGE_TEXT.clearSearch}
            onClick={input.clear}
          >
            <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          </button>
        )}
      </form>
      <PillTabs
        className="artist-tabs"
        label="Sort submissions"
        tabs={TABS}
        selected={sort}
        controls={RESULTS_ID}
        onSelect={onSort}
      />
    </div>
  );
}
