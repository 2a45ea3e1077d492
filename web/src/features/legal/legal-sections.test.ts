// The legal pages have the section counts and order the spec requires.
import { describe, expect, it } from 'vitest';
import { PRIVACY_SECTIONS, RETENTION_PERIODS } from './privacy-sections.js';
import { TERMS_SECTIONS } from './terms-sections.js';
import { formatLongDate } from './LegalDocument.js';

describe('legal documents', () => {
  it('Terms of Service has eighteen sections with unique anchors', () => {
    expect(TERMS_SECTIONS).toHaveLength(18);
    expect(new Set(TERMS_SECTIONS.map((s) => s.id)).size).toBe(18);
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
