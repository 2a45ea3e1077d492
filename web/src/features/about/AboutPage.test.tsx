// The About page's figures come from the facts (the removal score, the revenue split) and read as they
// always did. The router's Link is replaced by a plain anchor: the page is rendered without a router.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { markupText } from '../../lib/markup-text.fixture.js';
import { AboutPage } from './AboutPage.js';

vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children }: { to: string; children: ReactNode }) => <a href={to}>{children}</a>,
}));

describe('About page figures', () => {
  it('states the removal score and the revenue split in the same words as before', () => {
    const text = markupText(<AboutPage />);
    expect(text).toContain('70% Fair compensation for artists');
    expect(text).toContain('a submission whose net score reaches -10 or lower is removed automatically.');
    expect(text).toContain('70% artist 30% gallery');
    expect(text).toContain(
      'Revenue from each canvas is split 70 percent to the featured artist and 30 percent to the gallery,',
    );
    expect(text).toContain(
      'Revenue from every canvas is split 70% to the featured artist and 30% to the gallery.',
    );
  });

  it('labels the split bar with both shares', () => {
    expect(renderToStaticMarkup(<AboutPage />)).toContain(
      'aria-label="Revenue split: 70 percent to the artist, 30 percent to the gallery"',
    );
  });
});
