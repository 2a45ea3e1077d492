// Terms of Service: effective today, eighteen numbered sections.
import { Link } from '@tanstack/react-router';
import { formatLongDate, LegalDocument } from './LegalDocument.js';
import { TERMS_SECTIONS } from './terms-sections.js';

export function TermsPage() {
  return (
    <LegalDocument
      titleId="terms-title"
      title="Terms of Service"
      dateLabel="Effective date"
      date={formatLongDate(new Date())}
      sections={TERMS_SECTIONS}
      intro={
        <p>
          Please read these Terms carefully: they explain how buying pixels, submitting artwork and voting on
          Tessera work, and include an arbitration agreement. Our <Link to="/privacy">Privacy Policy</Link>{' '}
          explains how we handle your information.
        </p>
      }
    />
  );
}
