// The search box's text and its way into the URL (spec section 4, "List"): the trimmed text is applied
// 300 ms after the last keystroke (only with 2+ characters), Clear applies at once, and a search that
// arrives from the URL (back, a link) is shown in the box.
import { useCallback, useEffect, useRef, useState } from 'react';
import { searchTermOf } from '../../lib/search-params.js';
import { useLatest } from '../../lib/use-latest.js';

export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchInput {
  text: string;
  setText(text: string): void;
  /** Empties the box and the URL's search now. */
  clear(): void;
  /** Applies the box's text now (Enter). */
  flush(): void;
}

/** `apply(term)` gets the new search (undefined for none); the caller puts it into the URL. */
export function useSearchInput(urlTerm: string, apply: (term: string | undefined) => void): SearchInput {
  const [text, setText] = useState(urlTerm);
  const applied = useRef(urlTerm);
  const applyRef = useLatest(apply);

  const applyTerm = useCallback(
    (term: string) => {
      if (term === applied.current) return;
      applied.current = term;
      applyRef.current(term === '' ? undefined : term);
    },
    [applyRef],
  );

  // The URL changed from outside: show its search.
  useEffect(() => {
    if (urlTerm === applied.current) return;
    applied.current = urlTerm;
    setText(urlTerm);
  }, [urlTerm]);

  // Typing: apply 300 ms after the last change.
  useEffect(() => {
    const term = searchTermOf(text) ?? '';
    if (term === applied.current) return;
    const timer = setTimeout(() => applyTerm(term), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applyTerm]);

  const clear = useCallback(() => {
    setText('');
    applyTerm('');
  }, [applyTerm]);

  const flush = useCallback(() => applyTerm(searchTermOf(text) ?? ''), [text, applyTerm]);

  return { text, setText, clear, flush };
}
