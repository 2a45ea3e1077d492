// The pan/zoom stage: a transformed world layer (images and live pixels) under a screen-space overlay
// canvas (grid, hover highlight). Pointer input goes through the scene's gesture machine; the wheel
// zooms at the cursor. A click or tap on a board asks to open it.
import { memo, useEffect, useLayoutEffect, useRef, useState, type Dispatch, type RefObject } from 'react';
import { CANVAS_SIZE } from '@tessera/facts/grid';
import {
  boardAtWorld,
  canvasPixelAtScreen,
  PointerGestures,
  renderOverlay,
  screenToWorld,
  type GestureAction,
  type Point,
  type SceneLayout,
  type ViewAction,
  type ViewState,
} from '../../canvas-scene/index.js';
import { Spinner } from '../../components/Spinner.js';
import type { ViewMode } from './canvas-api.js';
import { CanvasImages } from './CanvasImages.js';
import { CHECKING_BOARD_TEXT } from './use-board-opener.js';
import type { ModeImage } from './use-canvas-images.js';
import { useLatest } from '../../lib/use-latest.js';
import { useStageSize } from './use-stage-size.js';
import { keyAction, swallowNextClick, toInput } from './stage-input.js';
import { StagePixelInfo, useRestingPixel } from './StagePixelInfo.js';

interface Props {
  view: ViewState;
  dispatch: Dispatch<ViewAction>;
  layout: SceneLayout;
  mode: ViewMode;
  images: Record<ViewMode, ModeImage>;
  mobile: boolean;
  canvasName: string;
  liveLayerRef: RefObject<HTMLCanvasElement | null>;
  checkingBoard: number | null;
  /** Boards locked by someone: drawn with a lock icon. */
  lockedBoards: ReadonlySet<number>;
  onOpenBoard: (boardIndex: number) => void;
  onRetryImage: () => void;
  /** The artist's design shown faintly under unsold pixels in live mode. */
  ghost: boolean;
  /** A deep link's pixel (whole-canvas coordinates), marked with a ring. */
  markedPixel: Point | null;
  canvasIndex: number;
  /** The signed-in buyer's own pixels (canvas offsets) to outline; null when not outlined. */
  ownPixels: ReadonlySet<number> | null;
}

const pixelLabel = (p: Point) => `${p.x},${p.y}`;

export const CanvasStage = memo(function CanvasStage(props: Props) {
  const { view, dispatch, layout, mode, images, mobile, canvasName, liveLayerRef, checkingBoard } = props;
  const stageRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const gestures = useRef(new PointerGestures());
  const [hover, setHover] = useState<number | null>(null);
  // Pixel info (StagePixelInfo.tsx): the pixel under the mouse at close zoom, and the pinned one.
  const [hoverPixel, setHoverPixel] = useState<Point | null>(null);
  const [pinned, setPinned] = useState<Point | null>(null);
  const restingPixel = useRestingPixel(hoverPixel);
  const [panning, setPanning] = useState(false);
  const size = useStageSize(stageRef);
  const latest = useLatest({ view, layout, mode, onOpenBoard: props.onOpenBoard });
  const preview = mode === 'preview';
  const { viewport } = view;

  useLayoutEffect(() => {
    if (size) dispatch({ type: 'resize', stage: size });
  }, [size, dispatch]);

  // Wheel zoom at the cursor (a native listener: React's wheel listener is passive).
  useEffect(() => {
    const el = stageRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      dispatch({
        type: 'wheel',
        deltaY: e.deltaY,
        deltaMode: e.deltaMode,
        anchor: { x: e.clientX - rect.left, y: e.clientY - rect.top },
      });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [dispatch]);

  // Overlay: grid and hover, redrawn whenever the view changes.
  useLayoutEffect(() => {
    const canvas = overlayRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || !size) return;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.round(size.width * dpr);
    const h = Math.round(size.height * dpr);
    if (canvas.width !== w) canvas.width = w;
    if (canvas.height !== h) canvas.height = h;
    renderOverlay(ctx, {
      width: size.width,
      height: size.height,
      dpr,
      viewport,
      layout,
      hoverBoard: preview || mobile ? null : hover,
      showGrid: true,
      lockedBoards: props.lockedBoards,
      markedPixel: props.markedPixel,
      ownPixels: props.ownPixels ?? undefined,
    });
  }, [
    viewport,
    size,
    layout,
    hover,
    preview,
    mobile,
    props.lockedBoards,
    props.markedPixel,
    props.ownPixels,
  ]);

  const pixelAt = (x: number, y: number) => {
    const { view: v, layout: l } = latest.current;
    return canvasPixelAtScreen(l, v.viewport, { x, y });
  };

  const boardAt = (x: number, y: number) => {
    const { view: v, layout: l } = latest.current;
    return boardAtWorld(l, screenToWorld(v.viewport, { x, y }));
  };

  const apply = (action: GestureAction | null) => {
    if (!action) return;
    switch (action.type) {
      case 'pan':
      case 'pinch':
        dispatch(action);
        break;
      case 'hover':
        setHover(boardAt(action.x, action.y));
        setHoverPixel(pixelAt(action.x, action.y));
        break;
      case 'leave':
        setHover(null);
        setHoverPixel(null);
        break;
      case 'hold': {
        // Pressed and held at close zoom: pixel info for the pixel, pinned. Elsewhere a held mouse
        // button is still a click (it opens the board), a held finger nothing.
        const pixel = pixelAt(action.x, action.y);
        if (pixel) {
          swallowNextClick();
          setPinned(pixel);
        } else if (action.pointer === 'mouse') openBoardAt(action.x, action.y);
        break;
      }
      case 'tap':
        // The spec's click or tap: opens the board, at every zoom.
        openBoardAt(action.x, action.y);
        break;
    }
  };

  function openBoardAt(x: number, y: number): void {
    const board = boardAt(x, y);
    if (board !== null && latest.current.mode === 'live') {
      // The click that follows this pointerup must not reach a dialog the tap opens.
      swallowNextClick();
      latest.current.onOpenBoard(board);
    }
  }

  const shown = images[mode];
  const active = shown.src ?? images[mode === 'live' ? 'preview' : 'live'].src;
  const pixelated = (viewport.zoom * layout.gridSize * (window.devicePixelRatio || 1)) / CANVAS_SIZE >= 1;
  const cursor = panning ? 'grabbing' : !preview && hover !== null ? 'pointer' : 'default';

  return (
    <div
      ref={stageRef}
      className={`canvas-stage canvas-stage--live checkerboard${preview ? ' canvas-stage--preview' : ''}`}
      style={{ cursor }}
      role="application"
      aria-label={`${canvasName}: ${preview ? 'preview' : 'live'} canvas. Pan with Alt and drag or the arrow keys, zoom with the scroll wheel or plus and minus. Zoomed in, hover a pixel, press and hold it, or press Enter for the pixel in the middle to see who bought it.`}
      data-zoom={viewport.zoom}
      data-ghost={props.ghost && !preview ? 'on' : 'off'}
      data-hover-board={hover ?? ''}
      data-locked-boards={[...props.lockedBoards].sort((a, b) => a - b).join(',')}
      onPointerDown={(e) => {
        // Controls inside the stage (retry) handle their own clicks.
        if ((e.target as Element).closest('button, a')) return;
        apply(gestures.current.down(toInput(e)));
        if (gestures.current.current === 'alt-pan') {
          setPanning(true);
          e.currentTarget.setPointerCapture?.(e.pointerId);
        }
      }}
      onPointerMove={(e) => apply(gestures.current.move(toInput(e)))}
      onPointerUp={(e) => {
        apply(gestures.current.up(toInput(e)));
        setPanning(false);
      }}
      onPointerCancel={(e) => {
        gestures.current.cancel({ id: e.pointerId });
        setPanning(false);
      }}
      onPointerLeave={() => apply(gestures.current.leave())}
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget) return;
        if (e.key === 'Escape' && pinned) {
          setPinned(null);
          return;
        }
        if (e.key === 'Enter' && size) {
          const centre = pixelAt(size.width / 2, size.height / 2);
          if (centre) setPinned(centre);
          return;
        }
        const action = keyAction(e.key);
        if (!action) return;
        e.preventDefault();
        dispatch(action);
      }}
    >
      <div
        className="canvas-world"
        style={{
          width: layout.worldSize,
          height: layout.worldSize,
          transform: `translate(${viewport.x}px, ${viewport.y}px) scale(${viewport.zoom})`,
        }}
      >
        <CanvasImages
          layout={layout}
          mode={shown.src ? mode : mode === 'live' ? 'preview' : 'live'}
          live={images.live.src}
          preview={images.preview.src}
          crossFade={!mobile}
          pixelated={pixelated}
          liveLayerRef={liveLayerRef}
          canvasName={canvasName}
          ghost={props.ghost}
        />
      </div>
      <canvas ref={overlayRef} className="canvas-overlay" aria-hidden="true" />
      {!active && shown.status === 'loading' && (
        <div className="canvas-stage__center">
          <Spinner label="Loading canvas..." size="lg" />
        </div>
      )}
      {!shown.src && shown.status === 'error' && (
        <div className="canvas-stage__center">
          <button type="button" className="canvas-retry" onClick={props.onRetryImage}>
            <span className="canvas-retry__title">Image failed to load</span>
            <span>Click to retry</span>
          </button>
        </div>
      )}
      {checkingBoard !== null && (
        <div className="canvas-stage__status" role="status">
          <Spinner label={CHECKING_BOARD_TEXT} size="sm" />
        </div>
      )}
      {preview && <div className="canvas-stage__badge">Preview: opening boards is off</div>}
      <StagePixelInfo
        canvasIndex={props.canvasIndex}
        layout={layout}
        viewport={viewport}
        stage={size}
        pinned={pinned}
        hovered={mobile ? null : restingPixel}
        onClose={() => {
          setPinned(null);
          stageRef.current?.focus();
        }}
        onOpenBoard={(board) => latest.current.onOpenBoard(board)}
      />
      {props.markedPixel && (
        <div className="canvas-stage__pixel" role="status" data-marked-pixel={pixelLabel(props.markedPixel)}>
          Pixel {props.markedPixel.x}, {props.markedPixel.y}
        </div>
      )}
    </div>
  );
});
