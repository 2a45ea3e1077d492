// The world layer's content: the live and preview composite images stacked (the hidden one stays loaded
// for an instant switch; 300 ms cross-fade on desktop) and the live-pixels canvas on top.
import { memo, type RefObject } from 'react';
import { CANVAS_PIXELS, type SceneLayout } from '../../canvas-scene/index.js';
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
}

export const CanvasImages = memo(function CanvasImages(props: Props) {
  const { layout, mode, live, preview, crossFade, pixelated, liveLayerRef, canvasName } = props;
  const box = { left: layout.padding, top: layout.padding, width: layout.gridSize, height: layout.gridSize };
  const className = `canvas-image${crossFade ? ' canvas-image--fade' : ''}${pixelated ? ' canvas-image--pixelated' : ''}`;
  return (
    <>
      <div className="canvas-world__frame" style={box} />
      {live && (
        <img
          className={`${className}${mode === 'live' ? ' is-shown' : ''}`}
          style={box}
          src={live}
          alt={mode === 'live' ? `${canvasName}, live canvas` : ''}
          aria-hidden={mode !== 'live'}
          draggable={false}
          data-mode="live"
        />
      )}
      {preview && (
        <img
          className={`${className}${mode === 'preview' ? ' is-shown' : ''}`}
          style={box}
          src={preview}
          alt={mode === 'preview' ? `${canvasName}, artist preview` : ''}
          aria-hidden={mode !== 'preview'}
          draggable={false}
          data-mode="preview"
        />
      )}
      <canvas
        ref={liveLayerRef}
        className={`canvas-live-layer${pixelated ? ' canvas-image--pixelated' : ''}`}
        style={box}
        width={CANVAS_PIXELS}
        height={CANVAS_PIXELS}
        aria-hidden="true"
      />
    </>
  );
});
