// Description truncation: over 150 characters the text is cut at a word boundary and gets an ellipsis.
import { DESCRIPTION_LIMIT } from './constants.js';

export interface Truncated {
  text: string;
  truncated: boolean;
}

export function truncateDescription(description: string, limit = DESCRIPTION_LIMIT): Truncated {
  const text = description.trim();
  if (text.length <= limit) return { text, truncated: false };
  const head = text.slice(0, limit);
  // Cut at the last whitespace inside the limit, unless the limit falls exactly on a word end.
  const nextIsSpace = /\s/.test(text.charAt(limit));
  const lastSpace = head.search(/\s\S*$/);
  const cut = nextIsSpace || lastSpace <= 0 ? head : head.slice(0, lastSpace);
  return { text: `${cut.replace(/[\s.,;:!?-]+$/, '')}...`, truncated: true };
}
