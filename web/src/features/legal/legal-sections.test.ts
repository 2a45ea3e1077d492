// The legal pages have the section counts and order the spec requires.
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { markupText } from '../../lib/markup-text.fixture.js';
import { PRIVACY_SECTIONS, RETENTION_PERIODS } from './privacy-sections.js';
import { TERMS_SECTIONS } from './terms-sections.js';
import { formatLongDate } from './LegalDocument.js';

describe('legal documents', () => {
  it('Terms of Service has eighteen sections with unique anchors', () => {
    expect(TERMS_SECTIONS).toHaveLength(18);
    expect(new Set(TERMS_SECTIONS.map((s) => s.id)).size).toBe(18);
  });

  const text = (id: string) => markupText(TERMS_SECTIONS.find((s) => s.id === id)?.body as ReactElement);

  it('states the grid and the prices, built from the facts, in the same words as before', () => {
    expect(text('how-it-works')).toContain(
      'on a shared canvas of 625 boards, each a grid of 49 by 49 pixels. Visitors buy individual pixels',
    );
    expect(text('purchases')).toContain(
      'colour costs 1.00 US dollar; a pixel in a colour you choose costs 2.00 US dollars. A service fee of 3% of the subtotal plus 0.30 US dollar and applicable sales tax are added at checkout.',
    );
  });

  it('states the removal score and the revenue split, built from the facts, in the same words as before', () => {
    expect(text('artist-selection')).toContain(
      'A submission whose net score reaches -10 or lower is removed automatically.',
    );
    expect(text('revenue-share')).toContain(
      'excluding the service fee and taxes, is split 70% to the featured artist and 30% to the gallery.',
    );
  });

  it("Privacy Policy has fifteen sections in the spec's order", () => {
    expect(PRIVACY_SECTIONS.map((s) => s.id)).toEqual([
      'information-we-collect',
      'how-we-use-information',
      'sharing',
      'retention',
      'security',
      'your-rights',
      'cookies',
      'children',
      'international-transfers',
      'california',
      'gdpr',
      'marketing',
      'third-party-links',
      'changes',
      'contact',
    ]);
  });

  it('states the retention periods', () => {
    expect(RETENTION_PERIODS.map((r) => r.period)).toEqual([
      '3 years after the account is closed',
      '7 years',
      '2 years',
      'Indefinitely, as part of the gallery archive',
    ]);
  });

  it('formats dates as month day, year', () => {
    expect(formatLongDate(new Date(2026, 10, 23))).toBe('November 23, 2026');
  });
});
