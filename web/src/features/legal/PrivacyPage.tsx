// Privacy Policy: last-updated date and fifteen numbered sections.
import { LegalDocument } from './LegalDocument.js';
import { PRIVACY_SECTIONS } from './privacy-sections.js';

export const PRIVACY_LAST_UPDATED = 'November 23, 2026';

export function PrivacyPage() {
  return (
    <LegalDocument
      titleId="privacy-title"
      title="Privacy Policy"
      dateLabel="Last updated"
      date={PRIVACY_LAST_UPDATED}
      sections={PRIVACY_SECTIONS}
      intro={
        <p>
          This policy explains what personal information Tessera collects when you visit the gallery, buy
          pixels, submit artwork or vote, how we use and protect it, and the choices and rights you have.
        </p>
      }
    />
  );
}
