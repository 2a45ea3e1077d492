// Test helper: the text a React element renders (tags dropped, apostrophes decoded, white space
// folded to single spaces), for tests that check a page's or a section's words.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export function markupText(element: ReactElement): string {
  return renderToStaticMarkup(element)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}
