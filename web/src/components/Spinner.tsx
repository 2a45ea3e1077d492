// Loading indicator with its text; the text is what screen readers announce.
export function Spinner({ label, size = 'md' }: { label: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <div className={`spinner spinner--${size}`} role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  );
}

/** A spinner centred in the page area. */
export function PageLoading({ label }: { label: string }) {
  return (
    <div className="page-loading">
      <Spinner label={label} size="lg" />
    </div>
  );
}
