// Previous, "Page X of Y", Next; hidden when there is one page or none.
import type { Pagination as PageInfo } from './artist-selection-api.js';
import { PAGE_TEXT, pageOfText } from './messages.js';

export function Pagination({ info, onPage }: { info: PageInfo | undefined; onPage(page: number): void }) {
  if (!info || info.totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pagination">
      <button
        type="button"
        className="button button--secondary"
        disabled={!info.hasPrevious}
        onClick={() => onPage(info.currentPage - 1)}
      >
        {PAGE_TEXT.previous}
      </button>
      <span className="pagination__status" aria-live="polite">
        {pageOfText(info.currentPage, info.totalPages)}
      </span>
      <button
        type="button"
        className="button button--secondary"
        disabled={!info.hasNext}
        onClick={() => onPage(info.currentPage + 1)}
      >
        {PAGE_TEXT.next}
      </button>
    </nav>
  );
}
