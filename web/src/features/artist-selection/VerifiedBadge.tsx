// "Verified" next to a username, with its tooltip: "Verified Contributor", "Purchased pixels on
// current canvas". The tooltip shows on hover and on keyboard focus.
import { useId } from 'react';
import { PAGE_TEXT } from './messages.js';

export function VerifiedBadge() {
  const tipId = useId();
  return (
    <span className="verified" tabIndex={0} aria-describedby={tipId}>
      <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="currentColor" />
        <path d="M7.5 12.5l3 3 6-6.5" stroke="#fff" strokeWidth="2.4" fill="none" strokeLinecap="round" />
      </svg>
      <span className="verified__label">Verified</span>
      <span className="verified__tip" role="tooltip" id={tipId}>
        <strong>{PAGE_TEXT.verified}</strong>
        <span>{PAGE_TEXT.verifiedDetail}</span>
      </span>
    </span>
  );
}
