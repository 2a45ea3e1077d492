// The loaded canvas page: title and description, banners, the stage, the tools, live updates, periodic
// refresh, force refresh, board opening and the first-visit tutorial. When another canvas becomes the
// active one (`canvas:activated`), or this one sells out, the active canvas is loaded again: the page
// switches to the new canvas without a reload, or shows the sold-out notice.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/toast/toast-store.js';
import {
  canvasPixelWorldRect,
  createViewState,
  focusZoom,
  drawLivePixels,
  FORCE_REFRESH_CONFIRM_MS,
  refreshInterval,
  sceneLayout,
  startRefreshLoop,
  viewReducer,
  zoomPercent,
  ZOOM_MAX,
  ZOOM_MIN,
  type CanvasEvent,
  type PixelsEvent,
  type Point,
} from '../../canvas-scene/index.js';
import { useLatest } from '../../lib/use-latest.js';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/use-media-query.js';
import type { CanvasManifest } from './active-canvas.js';
import { CanvasBanner } from './CanvasBanner.js';
import { CanvasDescription } from './CanvasDescription.js';
import { CanvasStage } from './CanvasStage.js';
import { CanvasTools } from './CanvasTools.js';
import type { ViewMode } from './canvas-api.js';
import { TutorialModal, useFirstVisitTutorial } from './TutorialModal.js';
import { useBanners } from './use-banners.js';
import { useBoardOpener, type LockVerdict } from './use-board-opener.js';
import { useBoardLocks } from './use-board-locks.js';
import { BoardLockedModal } from '../locks/index.js';
import { useSignedIn } from '../../auth/use-auth.js';
import { useCanvasImages } from './use-canvas-images.js';
import { useFindPixel } from './use-find-pixel.js';
import { useGhost } from './use-ghost.js';
import { useLivePixels } from './use-live-pixels.js';
import { canvasQueryKeys } from './queries.js';
import { SoldOutNotice } from './SoldOutNotice.js';
import { useOwnOutline, useOwnPixels } from '../pixel-info/use-pixel-info.js';

/** The toast when another canvas becomes the active one while the page is open. */
export const newCanvasMessage = (name: string) =>
  name ? `A new artwork is here: ${name}` : 'A new artwork is here!';

export function CanvasWorkspace({ canvas, pixel }: { canvas: CanvasManifest; pixel: Point | null }) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const layout = sceneLayout(mobile);
  const [mode, setMode] = useState<ViewMode>('live');
  const [view, dispatch] = useReducer(viewReducer, undefined, () =>
    createViewState({ width: 0, height: 0 }, layout.worldSize, mobile),
  );
  const liveLayerRef = useRef<HTMLCanvasElement>(null);
  const queryClient = useQueryClient();
  const { banner, show: showBanner, close: closeBanner } = useBanners();
  const [syncing, setSyncing] = useState(false);

  useEffect(() => {
    dispatch({ type: 'layout', worldSize: layout.worldSize, mobile });
  }, [layout.worldSize, mobile]);

  // A deep link (/canvas?x=&y=): open zoomed on the pixel (again after a layout change).
  const px = pixel?.x;
  const py = pixel?.y;
  useEffect(() => {
    if (px === undefined || py === undefined) return;
    const layoutNow = sceneLayout(mobile);
    const r = canvasPixelWorldRect(layoutNow, { x: px, y: py });
    const world = { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    dispatch({ type: 'focus', focus: { world, zoom: focusZoom(layoutNow) } });
  }, [px, py, mobile]);

  // useCanvasImages reads the latest one when a refresh fails, so it need not be stable.
  const onRefreshError = (reason: string) =>
    showBanner('error', `Failed to load canvas data: ${reason}`, () => void refreshRef.current());
  const [ghost, setGhost] = useGhost();
  // With the ghost on, live mode shows both images, so a refresh reloads both.
  const { images, refresh, retry } = useCanvasImages(
    canvas.canvasIndex,
    mode,
    onRefreshError,
    ghost && mode === 'live',
  );
  const refreshRef = useLatest(() => refresh().catch(() => undefined));

  // Periodic refresh (15 s desktop, 30 s mobile), paused while the tab is hidden.
  useEffect(
    () =>
      startRefreshLoop({
        intervalMs: refreshInterval(mobile),
        tick: () => void refreshRef.current(),
        visibility: document,
      }),
    [mobile, refreshRef],
  );

  // Live pixels drawn onto the overlay layer as they are committed.
  const onPixels = useCallback((event: PixelsEvent) => {
    const ctx = liveLayerRef.current?.getContext('2d');
    if (ctx) drawLivePixels(ctx, event.pixels);
  }, []);
  const reloadActive = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: canvasQueryKeys.active }),
    [queryClient],
  );
  const shownIndex = canvas.canvasIndex;
  const onCanvasActivated = useCallback(
    (event: CanvasEvent) => {
      if (event.canvasIndex !== shownIndex) toast.info(newCanvasMessage(event.name), { durationMs: 5000 });
      reloadActive();
    },
    [reloadActive, shownIndex],
  );
  const signedIn = useSignedIn();
  const boardLocks = useBoardLocks(canvas.canvasIndex, mobile, signedIn);
  const ownPixels = useOwnPixels(canvas.canvasIndex, signedIn);
  const [outline, setOutline] = useOwnOutline();
  const live = useLivePixels(canvas.canvasIndex, {
    onPixels,
    onCanvasActivated,
    onCanvasSoldOut: reloadActive,
    onLockEvent: boardLocks.onLockEvent,
  });
  useEffect(() => {
    const layer = liveLayerRef.current;
    layer?.getContext('2d')?.clearRect(0, 0, layer.width, layer.height);
  }, [canvas.canvasIndex]);

  const [lockedBoard, setLockedBoard] = useState<{
    boardIndex: number;
    verdict: Extract<LockVerdict, { kind: 'locked' }>;
  } | null>(null);
  const onLocked = useCallback(
    (boardIndex: number, verdict: Extract<LockVerdict, { kind: 'locked' }>) =>
      setLockedBoard({ boardIndex, verdict }),
    [],
  );
  const opener = useBoardOpener({
    canvasIndex: canvas.canvasIndex,
    preview: mode === 'preview',
    checkLock: boardLocks.checkLock,
    onLocked,
  });
  const shown = images[mode];
  const finder = useFindPixel({
    canvasIndex: canvas.canvasIndex,
    canvasLoading: shown.status === 'loading' && !shown.src,
    signedIn,
  });

  const sync = useCallback(async () => {
    setSyncing(true);
    const pending = toast.info('Refreshing canvas...', { durationMs: 0 });
    try {
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: canvasQueryKeys.active })]);
      toast.dismiss(pending);
      toast.success('Canvas refreshed', { durationMs: FORCE_REFRESH_CONFIRM_MS });
    } catch {
      toast.dismiss(pending);
    } finally {
      setSyncing(false);
    }
  }, [refresh, queryClient]);

  const tutorial = useFirstVisitTutorial(true);
  const zoom = view.viewport.zoom;

  return (
    <section className="canvas-page" aria-labelledby="canvas-title">
      <header className="canvas-page__intro">
        <h1 id="canvas-title" className="canvas-page__title">
          {canvas.canvasName}
        </h1>
        <CanvasDescription text={canvas.description} />
      </header>
      {canvas.soldOut && <SoldOutNotice />}
      <CanvasBanner banner={banner} onClose={closeBanner} />
      <div className="canvas-layout">
        <CanvasStage
          view={view}
          dispatch={dispatch}
          layout={layout}
          mode={mode}
          images={images}
          mobile={mobile}
          canvasName={canvas.canvasName}
          liveLayerRef={liveLayerRef}
          checkingBoard={opener.checking}
          lockedBoards={boardLocks.lockedBoards}
          onOpenBoard={(board) => void opener.open(board)}
          onRetryImage={retry}
          ghost={ghost}
          markedPixel={pixel}
          canvasIndex={canvas.canvasIndex}
          ownPixels={signedIn && outline ? ownPixels : null}
        />
        <CanvasTools
          mobile={mobile}
          mode={mode}
          onModeChange={setMode}
          zoomLabel={zoomPercent(zoom)}
          canZoomIn={zoom < ZOOM_MAX}
          canZoomOut={zoom > ZOOM_MIN}
          onZoomIn={() => dispatch({ type: 'step', direction: 1 })}
          onZoomOut={() => dispatch({ type: 'step', direction: -1 })}
          onReset={() => dispatch({ type: 'reset' })}
          onFindPixel={() => void finder.find()}
          searching={finder.searching}
          onSync={() => void sync()}
          syncing={syncing}
          live={live}
          ghost={ghost}
          onGhostChange={setGhost}
          outline={signedIn ? outline : null}
          onOutlineChange={setOutline}
        />
      </div>
      {tutorial.open && <TutorialModal onFinish={tutorial.finish} />}
      {lockedBoard && (
        <BoardLockedModal
          variant="canvas"
          boardIndex={lockedBoard.boardIndex}
          username={lockedBoard.verdict.username}
          minutesRemaining={lockedBoard.verdict.minutesRemaining}
          onClose={() => setLockedBoard(null)}
        />
      )}
    </section>
  );
}
