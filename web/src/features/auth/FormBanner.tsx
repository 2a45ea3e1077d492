// The message above an auth form or card: errors and warnings are alerts, a success is a status.
export type BannerKind = 'error' | 'warning' | 'success';

export function FormBanner({ kind = 'error', message }: { kind?: BannerKind; message: string | null }) {
  if (message === null || message === '') return null;
  return (
    <div className={`banner banner--${kind}`} role={kind === 'success' ? 'status' : 'alert'}>
      {message}
    </div>
  );
}
