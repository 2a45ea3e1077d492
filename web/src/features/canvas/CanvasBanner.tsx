// One banner above the stage: message, Retry (errors with a retry action) and close.
import type { Banner } from './use-banners.js';

export function CanvasBanner({ banner, onClose }: { banner: Banner | null; onClose: () => void }) {
  if (!banner) return null;
  return (
    <div
      className={`canvas-banner canvas-banner--${banner.type}`}
      role={banner.type === 'error' ? 'alert' : 'status'}
    >
      <span className="canvas-banner__message">{banner.message}</span>
      {banner.type === 'error' && banner.onRetry && (
        <button
          type="button"
          className="canvas-banner__action"
          onClick={() => {
            onClose();
            banner.onRetry?.();
          }}
        >
          Retry
        </button>
      )}
      <button type="button" className="canvas-banner__close" aria-label="Close message" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
