// The pixel info popover: who bought a pixel (username or "Anonymous"), when (relative, with the date),
// in which kind of colour, and "Link to this pixel" (copies /canvas?x=&y=). Not hover-only: the canvas
// page pins it on a click or tap, the editor shows it for the keyboard cursor's pixel; its buttons are
// reachable with Tab, and it is announced politely.
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Spinner } from '../../components/Spinner.js';
import { useNow } from '../artist-selection/use-now.js';
import type { PixelInfo } from './pixel-info-api.js';
import {
  buyerName,
  kindText,
  LINK_COPIED,
  LINK_LABEL,
  NOT_BOUGHT,
  pixelLink,
  soldWhen,
} from './pixel-info-text.js';
import './pixel-info.css';

interface Props {
  pixel: { x: number; y: number };
  info: PixelInfo | undefined;
  loading: boolean;
  failed: boolean;
  /** Where it sits in its positioned container (CSS pixels); the card keeps inside the viewport. */
  style?: CSSProperties;
  /** In the corner of its container (the editor) rather than beside the pixel. */
  docked?: boolean;
  onClose?: () => void;
  /** More actions (the canvas page's "Open board"). */
  children?: ReactNode;
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function PixelInfoCard({ pixel, info, loading, failed, style, docked, onClose, children }: Props) {
  const now = useNow();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const link = pixelLink(window.location.origin, pixel);
  const linkRef = useRef<HTMLInputElement>(null);
  useEffect(() => setCopied(null), [pixel.x, pixel.y]);
  useEffect(() => {
    if (copied === 'no') linkRef.current?.select();
  }, [copied]);
  const name = info ? buyerName(info) : null;
  const when = info?.soldAt ? soldWhen(info.soldAt, now) : null;
  const kind = info ? kindText(info) : null;

  return (
    <div
      className={`pixel-info${docked ? ' pixel-info--docked' : ''}`}
      role="dialog"
      aria-label={`Pixel info (${pixel.x}, ${pixel.y})`}
      style={style}
      data-pixel={`${pixel.x},${pixel.y}`}
      onPointerDown={(e) => e.stopPropagation()}
    >
      <div className="pixel-info__head">
        {info && (
          <span className="pixel-info__swatch" style={{ background: info.color }} aria-hidden="true" />
        )}
        <h2 className="pixel-info__title">
          Pixel ({pixel.x}, {pixel.y})
        </h2>
        {onClose && (
          <button type="button" className="pixel-info__close" aria-label="Close pixel info" onClick={onClose}>
            ×
          </button>
        )}
      </div>
      <div aria-live="polite">
        {loading && <Spinner label="Loading pixel..." size="sm" />}
        {failed && <p className="pixel-info__line">Pixel info is not available right now.</p>}
        {info && !info.sold && <p className="pixel-info__line">{NOT_BOUGHT}</p>}
        {info?.sold && (
          <>
            <p className="pixel-info__line pixel-info__buyer">
              Bought by <strong>{name}</strong>
            </p>
            {when && (
              <p className="pixel-info__line">
                <time dateTime={new Date(info.soldAt!).toISOString()} title={when.absolute}>
                  {when.relative}
                </time>{' '}
                <span className="pixel-info__date">({when.absolute})</span>
              </p>
            )}
            {kind && <p className="pixel-info__line pixel-info__kind">{kind}</p>}
          </>
        )}
      </div>
      <div className="pixel-info__actions">
        <button
          type="button"
          className="pixel-info__button"
          onClick={() => void copy(link).then((ok) => setCopied(ok ? 'yes' : 'no'))}
        >
          {LINK_LABEL}
        </button>
        {children}
      </div>
      {copied === 'yes' && (
        <p className="pixel-info__copied" role="status">
          {LINK_COPIED}
        </p>
      )}
      {copied === 'no' && (
        <label className="pixel-info__line">
          Copy the link:
          <input ref={linkRef} className="pixel-info__link" readOnly value={link} />
        </label>
      )}
    </div>
  );
}
