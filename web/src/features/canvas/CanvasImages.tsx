// The world layer's content: the live and preview composite images stacked (the hidden one stays loaded
// for an instant switch; 300 ms cross-fade on desktop) and the live-pixels canvas on top. With the ghost
// on, live mode also shows the preview image faintly over the live one (compositeOpacity).
import { memo, type RefObject } from 'react';
import { CANVAS_SIZE } from '@tessera/facts/grid';
import { compositeOpacity, type SceneLayout } from '../../canvas-scene/index.js';
import type { ViewMode } from './canvas-api.js';

interface Props {
  layout: SceneLayout;
  mode: ViewMode;
  live: string | null;
  preview: string | null;
  crossFade: boolean;
  /** Image pixels drawn larger than a screen pixel: keep them sharp. */
  pixelated: boolean;
  liveLayerRef: RefObject<HTMLCanvasElement | null>;
  canvasName: string;
  /** Live mode shows the artist's design faintly under unsold pixels (canvas-scene/ghost.ts). */
  ghost: boolean;
}

/** The two composites, live first, each with what its alt text says it is while shown. */
const IMAGES: ReadonlyArray<{ mode: ViewMode; alt: string }> = [
  { mode: 'live', alt: 'live canvas' },
  { mode: 'preview', alt: 'artist preview' },
];

export const CanvasImages = memo(function CanvasImages(props: Props) {
  const { layout, mode, live, preview, crossFade, pixelated, liveLayerRef, canvasName, ghost } = props;
  const box = { left: layout.padding, top: layout.padding, width: layout.gridSize, height: layout.gridSize };
  const className = `canvas-image${crossFade ? ' canvas-image--fade' : ''}${pixelated ? ' canvas-image--pixelated' : ''}`;
  return (
    <>
      <div className="canvas-world__frame" style={box} />
      {IMAGES.map(({ mode: imageMode, alt }) => {
        const src = imageMode === 'live' ? live : preview;
        const shown = mode === imageMode;
        if (!src) return null;
        return (
          <img
            key={imageMode}
            className={`${className}${shown ? ' is-shown' : ''}`}
            style={{ ...box, opacity: compositeOpacity(imageMode, mode, ghost) }}
            src={src}
            alt={shown ? `${canvasName}, ${alt}` : ''}
            aria-hidden={!shown}
            draggable={false}
            data-mode={imageMode}
          />
        );
      })}
      <canvas
        ref={liveLayerRef}
        className={`canvas-live-layer${pixelated ? ' canvas-image--pixelated' : ''}`}
        style={box}
        width={CANVAS_SIZE}
        height={CANVAS_SIZE}
        aria-hidden="true"
      />
    </>
  );
});
