// /gallery: the sold-out canvases (artist, dates, pixels sold, the artist's 70%), each with its final
// image and its timelapse, and the canvas selling now.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { COMPOSITE_QUERY, compositePath } from '@tessera/facts/render';
import { ARTIST_SHARE_PERCENT, formatDollars } from '@tessera/facts/pricing';
import { useApi } from '../../app/router-context.js';
import { Spinner } from '../../components/Spinner.js';
import type { GalleryCanvas } from './gallery-api.js';
import { galleryQueryOptions } from './queries.js';
import './timelapse.css';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const count = (n: number) => n.toLocaleString('en-US');

function imageUrl(canvasIndex: number): string {
  return `${compositePath(canvasIndex)}?${new URLSearchParams({ ...COMPOSITE_QUERY, preview: 'false' }).toString()}`;
}

function CanvasCard({ canvas }: { canvas: GalleryCanvas }) {
  return (
    <article className="gallery-card" data-canvas={canvas.canvasIndex}>
      <img
        className="gallery-card__image"
        src={imageUrl(canvas.canvasIndex)}
        alt={canvas.soldOut ? `${canvas.name}, the finished canvas` : `${canvas.name}, as it is now`}
        width={320}
        height={320}
        loading="lazy"
      />
      <div className="gallery-card__body">
        <h3 className="gallery-card__title">{canvas.name}</h3>
        <dl className="gallery-card__facts">
          <dt>Artist</dt>
          <dd>{canvas.artist || 'Tessera'}</dd>
          <dt>Started</dt>
          <dd>{formatDate(canvas.startedAt)}</dd>
          {canvas.soldOutAt && (
            <>
              <dt>Sold out</dt>
              <dd>{formatDate(canvas.soldOutAt)}</dd>
            </>
          )}
          <dt>Pixels sold</dt>
          <dd>
            {count(canvas.soldPixels)} of {count(canvas.totalPixels)}
          </dd>
          {canvas.artistShareCents !== null && (
            <>
              <dt>Artist&apos;s {ARTIST_SHARE_PERCENT}%</dt>
              <dd data-testid="artist-share">{formatDollars(canvas.artistShareCents)}</dd>
            </>
          )}
        </dl>
        <Link
          to="/canvas/timelapse"
          search={{ canvas: canvas.canvasIndex }}
          className="button button--secondary"
          aria-label={`Watch the timelapse of ${canvas.name}`}
        >
          Watch the timelapse
        </Link>
      </div>
    </article>
  );
}

export function GalleryPage() {
  const gallery = useQuery(galleryQueryOptions(useApi()));
  return (
    <div className="page gallery-page">
      <header className="page-header">
        <p className="eyebrow">Gallery</p>
        <h1>Past canvases</h1>
        <p className="lead">
          Every canvas that sold out, with its artist and the artist&apos;s {ARTIST_SHARE_PERCENT}% of the
          pixel sales, and a timelapse of how it was painted.
        </p>
      </header>
      {gallery.isError ? (
        <p role="alert" className="banner banner--error">
          The gallery could not be loaded. Please try again.
        </p>
      ) : !gallery.data ? (
        <div className="page-loading">
          <Spinner label="Loading the gallery..." />
        </div>
      ) : (
        <>
          <section aria-labelledby="gallery-past">
            <h2 id="gallery-past">Sold out</h2>
            {gallery.data.canvases.length === 0 ? (
              <p className="gallery-empty">
                No canvas has sold out yet. The first one is still being painted.
              </p>
            ) : (
              <div className="gallery-grid">
                {gallery.data.canvases.map((c) => (
                  <CanvasCard key={c.canvasIndex} canvas={c} />
                ))}
              </div>
            )}
          </section>
          {gallery.data.current && (
            <section aria-labelledby="gallery-current">
              <h2 id="gallery-current">Now painting</h2>
              <div className="gallery-grid">
                <CanvasCard canvas={gallery.data.current} />
              </div>
            </section>
          )}
        </>
      )}
    </div>
  );
}
