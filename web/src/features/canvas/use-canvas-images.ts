// The live and preview composite images. The shown mode loads first; the other is preloaded in the
// background. refresh() reloads the shown mode with a new timestamp and marks the other one stale, so
// it is reloaded when it is shown (or reloads both when both are on screen, the ghost in live mode). A failed first load is an error (click to retry); a failed refresh
// keeps the old image and reports through onRefreshError.
import { useCallback, useEffect, useRef, useState } from 'react';
import { renderUrl, type ViewMode } from './canvas-api.js';
import { useLatest } from '../../lib/use-latest.js';
import { preloadComposite, releaseImageUrl } from './image-loader.js';

export type ImageStatus = 'loading' | 'ready' | 'error';

export interface ModeImage {
  src: string | null;
  status: ImageStatus;
}

type Images = Record<ViewMode, ModeImage>;

const EMPTY: Images = { live: { src: null, status: 'loading' }, preview: { src: null, status: 'loading' } };
const other = (mode: ViewMode): ViewMode => (mode === 'live' ? 'preview' : 'live');

export function useCanvasImages(
  canvasIndex: number,
  mode: ViewMode,
  onRefreshError: (reason: string) => void,
  /** Both images are on screen (the ghost in live mode): a refresh reloads both. */
  both = false,
) {
  const [images, setImages] = useState<Images>(EMPTY);
  const stale = useRef<Record<ViewMode, boolean>>({ live: true, preview: true });
  const inFlight = useRef<Record<ViewMode, Promise<void> | null>>({ live: null, preview: null });
  const alive = useRef(true);
  /** Bumped when the canvas changes: a load started for the previous canvas never lands. */
  const generation = useRef(0);
  const errorRef = useLatest(onRefreshError);
  const imagesRef = useLatest(images);

  const load = useCallback(
    (which: ViewMode): Promise<void> => {
      const running = inFlight.current[which];
      if (running) return running;
      stale.current[which] = false;
      const gen = generation.current;
      const hadImage = imagesRef.current[which].src !== null;
      if (!hadImage) setImages((s) => ({ ...s, [which]: { src: null, status: 'loading' } }));
      const run = preloadComposite(renderUrl(canvasIndex, which, Date.now()))
        .then((src) => {
          if (!alive.current || gen !== generation.current) return releaseImageUrl(src);
          setImages((s) => {
            if (s[which].src !== src) releaseImageUrl(s[which].src);
            return { ...s, [which]: { src, status: 'ready' } };
          });
        })
        .catch((error: unknown) => {
          if (!alive.current || gen !== generation.current) return;
          stale.current[which] = true;
          if (hadImage) {
            errorRef.current(error instanceof Error ? error.message : 'Image failed to load');
            throw error;
          }
          setImages((s) => ({ ...s, [which]: { src: null, status: 'error' } }));
          throw error;
        })
        .finally(() => {
          if (inFlight.current[which] === run) inFlight.current[which] = null;
        });
      inFlight.current[which] = run;
      return run;
    },
    [canvasIndex, errorRef, imagesRef],
  );

  // A new canvas: start over.
  useEffect(() => {
    alive.current = true;
    generation.current += 1;
    stale.current = { live: true, preview: true };
    inFlight.current = { live: null, preview: null };
    setImages(EMPTY);
    // Object URLs of blob fallbacks are released with whatever is shown when the canvas goes away.
    const shownImages = imagesRef;
    return () => {
      alive.current = false;
      const last = shownImages.current;
      releaseImageUrl(last.live.src);
      releaseImageUrl(last.preview.src);
    };
  }, [canvasIndex, imagesRef]);

  // Load the shown mode when it is missing or stale, then preload the other one in the background.
  useEffect(() => {
    const shown = stale.current[mode] ? load(mode) : Promise.resolve();
    shown
      .catch(() => undefined)
      .then(() => {
        if (alive.current && stale.current[other(mode)] && imagesRef.current[other(mode)].src === null) {
          load(other(mode)).catch(() => undefined);
        }
      });
  }, [mode, load, imagesRef]);

  const refresh = useCallback((): Promise<void> => {
    if (both) return Promise.all([load(mode), load(other(mode))]).then(() => undefined);
    stale.current[other(mode)] = true;
    return load(mode);
  }, [mode, load, both]);

  const retry = useCallback(() => {
    load(mode).catch(() => undefined);
  }, [mode, load]);

  return { images, refresh, retry };
}
